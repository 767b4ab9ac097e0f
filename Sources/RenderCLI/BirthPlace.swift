import BirthPlaces
import Ephemeris

extension BirthPlaceResolver {
    /// The flags' latitude, longitude and zone, with what `--place` and the nearest place fill in, the label of the
    /// place `--place` found, and the warnings of finding them.
    func coordinates(place: String?, latitude: String?, longitude: String?, zone: String?) throws
        -> (latitude: Double, longitude: Double, zone: String, label: String?, warnings: [String]) {
        let found = try place.map { try self.place(named: $0) }
        let latitude = try latitude.map { try BirthFlags.number($0, field: "latitude") } ?? found!.latitude
        let longitude = try longitude.map { try BirthFlags.number($0, field: "longitude") } ?? found!.longitude
        let nearby = try zone == nil && found == nil ? self.place(nearLatitude: latitude, longitude: longitude) : nil
        return (latitude, longitude, zone ?? found?.zone ?? nearby!.zone, found?.label, [found?.warning, nearby?.warning].compactMap { $0 })
    }
}
