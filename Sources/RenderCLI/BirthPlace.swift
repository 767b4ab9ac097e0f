import BirthPlaces
import Foundation
import Places

extension BirthPlace {
    /// Each warning once, however often the birth is read (`render` reads it for the chart and for the place).
    static func warnOnce(_ text: String) {
        let isNew = printed.withLock { $0.insert(text).inserted }
        if isNew { printError("wheel: warning: \(text)") }
    }

    private static let printed = PrintedWarnings()
}

/// The warnings printed so far.
private final class PrintedWarnings: @unchecked Sendable {  // Guarded by `lock`.
    private let lock = NSLock()
    private var texts = Set<String>()

    func withLock<T>(_ body: (inout Set<String>) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&texts)
    }
}

extension BirthPlace {
    /// The flags' latitude, longitude and zone, with what `--place` and the nearest place fill in, and the label of
    /// the place `--place` found.
    static func coordinates(place: String?, latitude: String?, longitude: String?, zone: String?) throws
        -> (latitude: Double, longitude: Double, zone: String, label: String?) {
        let found = try place.map { try resolve($0, warn: warnOnce) }
        let latitude = try latitude.map { try BirthFlags.number($0, field: "latitude") } ?? found!.latitude
        let longitude = try longitude.map { try BirthFlags.number($0, field: "longitude") } ?? found!.longitude
        let zone = try zone ?? found?.zone ?? self.zone(latitude: latitude, longitude: longitude, warn: warnOnce)
        return (latitude, longitude, zone, found?.label)
    }
}
