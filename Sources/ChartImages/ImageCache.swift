import ChartModel
import FileWriting
import Foundation
import WheelRender

/// Where and how much the cache keeps.
public struct CacheSettings: Sendable {
    public var directory: URL
    /// Entries beyond this many bytes in all are evicted, least recently used first.
    public var maximumBytes = 100 * 1024 * 1024
    public var maximumEntries = 50
    /// After this many seconds an entry is stale: refetched when online, still served when offline.
    public var staleAfter: TimeInterval = 30 * 24 * 3600

    public init(directory: URL) { self.directory = directory }

    /// `$XDG_CACHE_HOME/chart-wheel`, else `~/.cache/chart-wheel`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("chart-wheel")
    }
}

/// Images on disk, one file for the bytes and one for what is known of them (format, when fetched, when last
/// used, length and digest). Both are written whole or not at all (`FileWriter`), the record last, so a crash
/// never leaves an entry that looks whole; an entry whose bytes do not match its record is dropped.
struct ImageCache {
    struct Entry {
        var data: Data
        var format: RenderOptions.ImageType
        var fetchedAt: Date
        var isStale: Bool
    }

    private struct Record: Codable {
        var format: String
        var fetchedAt: Date
        var lastUsed: Date
        var bytes: Int
        var sha256: String
    }

    let settings: CacheSettings
    let now: @Sendable () -> Date

    private var directory: URL { settings.directory }
    private func dataURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).image") }
    private func recordURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).json") }

    /// The entry for `key`, marked as used; `nil` when there is none or it was corrupt (and is now gone).
    func lookup(_ key: String) -> Entry? {
        guard let recordData = try? Data(contentsOf: recordURL(key)) else { return nil }
        guard var record = try? Self.decoder.decode(Record.self, from: recordData),
              let format = RenderOptions.ImageType(rawValue: record.format),
              let data = try? Data(contentsOf: dataURL(key)),
              data.count == record.bytes, ContentHash.hex(data) == record.sha256 else {
            remove(key)
            return nil
        }
        record.lastUsed = now()
        try? FileWriter.write(Self.encoder.encode(record), to: recordURL(key).path)
        return Entry(data: data, format: format, fetchedAt: record.fetchedAt,
                     isStale: now().timeIntervalSince(record.fetchedAt) > settings.staleAfter)
    }

    /// Keeps `data` under `key`, then evicts beyond the limits.
    func store(_ data: Data, format: RenderOptions.ImageType, key: String) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let time = now()
            try FileWriter.write(data, to: dataURL(key).path)
            let record = Record(format: format.rawValue, fetchedAt: time, lastUsed: time, bytes: data.count, sha256: ContentHash.hex(data))
            try FileWriter.write(Self.encoder.encode(record), to: recordURL(key).path)
        } catch {
            // A cache that cannot be written only costs a future download.
            remove(key)
            return
        }
        evict()
    }

    /// Drops the least recently used entries until both limits hold, and bytes left without a record.
    func evict() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(key: String, lastUsed: Date, bytes: Int)] = []
        for name in names where name.hasSuffix(".json") {
            let key = String(name.dropLast(5))
            guard let data = try? Data(contentsOf: recordURL(key)), let record = try? Self.decoder.decode(Record.self, from: data) else {
                remove(key)
                continue
            }
            entries.append((key, record.lastUsed, record.bytes))
        }
        let keys = Set(entries.map(\.key))
        for name in names where name.hasSuffix(".image") && !keys.contains(String(name.dropLast(6))) {
            // An orphan from a crash between the two renames; leave very fresh ones to a writer still at work.
            let url = directory.appendingPathComponent(name)
            let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            if now().timeIntervalSince(modified) > 60 { try? FileManager.default.removeItem(at: url) }
        }
        entries.sort { ($0.lastUsed, $0.key) < ($1.lastUsed, $1.key) }
        var total = entries.reduce(0) { $0 + $1.bytes }
        var count = entries.count
        for entry in entries where count > settings.maximumEntries || total > settings.maximumBytes {
            remove(entry.key)
            count -= 1
            total -= entry.bytes
        }
    }

    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: recordURL(key))
        try? FileManager.default.removeItem(at: dataURL(key))
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
