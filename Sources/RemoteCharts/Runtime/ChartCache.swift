import BlockingWork
import ChartModel
import FileWriting
import Foundation
import WheelRaster
import WheelRender

/// Where and how much the cache keeps.
public struct CacheSettings: Sendable {
    /// The cache's folder; it may hold other files, which the cache leaves alone.
    public var directory: URL
    /// Entries beyond this many bytes in all are evicted, least recently used first.
    public var maximumBytes = 100 * 1024 * 1024
    /// Entries beyond this many are evicted, least recently used first.
    public var maximumEntries = 50
    /// After this many seconds an entry is stale: refetched when online, still served when offline.
    public var staleAfter: TimeInterval = 30 * 24 * 3600

    /// A cache in `directory`, with the default limits (100 MB, 50 entries, stale after 30 days).
    public init(directory: URL) { self.directory = directory }

    /// `$XDG_CACHE_HOME/chart-wheel`, else `~/.cache/chart-wheel`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("chart-wheel")
    }
}

/// What a cache entry holds, and how to tell that bytes read back are one: an image in a format, or chart JSON.
struct CacheKind: Sendable {
    /// Written in the entry's record; an entry of another kind under the same key is not served.
    var name: String
    var accepts: @Sendable (Data) -> Bool

    init(name: String, accepts: @escaping @Sendable (Data) -> Bool) {
        self.name = name
        self.accepts = accepts
    }

    /// An image in `format`, as `ImageInput` tells them apart.
    static func image(_ format: RenderOptions.ImageType) -> CacheKind {
        CacheKind(name: format.rawValue) { data in
            switch try? ImageInput(data: data) {
            case .png?: format == .png
            case .svg?: format == .svg
            case nil: false
            }
        }
    }
}

/// The services' answers on disk: wheel images, and chart data (in a `charts` subfolder of its own), one file for the bytes and one for what is known of them (kind, when fetched,
/// when last used, length and digest). Both are written whole or not at all (`FileWriter`), the record last, so a crash
/// never leaves an entry that looks whole; an entry whose bytes do not match its record is dropped.
///
/// The folder may hold other files, and anyone who can write to it can put something there: only regular files
/// named as our entries (`KEY.json`, `KEY.image`, KEY 64 hex digits) are read, replaced or deleted. A link is
/// neither followed nor removed, and an entry is checked again whenever it is read (length, digest, format).
struct ChartCache: Sendable {
    struct Entry: Sendable {
        var data: Data
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

    init(settings: CacheSettings, now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.now = now
    }

    private var directory: URL { settings.directory }
    private func dataURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).image") }
    private func recordURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).json") }

    /// The entry for `key` of `kind`, marked as used; `nil` when there is none, when it is not ours, or when it
    /// was corrupt (and is now gone).
    func lookup(_ key: String, kind: CacheKind) -> Entry? {
        guard let recordData = Self.readOurs(recordURL(key), limit: Self.maximumRecordBytes) else { return nil }
        guard var record = try? Self.decoder.decode(Record.self, from: recordData), record.format == kind.name,
              let data = Self.readOurs(dataURL(key), limit: min(record.bytes, settings.maximumBytes)), data.count == record.bytes,
              ContentHash.hex(data) == record.sha256, kind.accepts(data) else {
            remove(key)
            return nil
        }
        record.lastUsed = now()
        try? FileWriter.replace(recordURL(key).path, with: Self.encoder.encode(record))
        return Entry(data: data, fetchedAt: record.fetchedAt,
                     isStale: now().timeIntervalSince(record.fetchedAt) > settings.staleAfter)
    }

    /// Keeps `data` under `key`, then evicts beyond the limits. Something not ours under the entry's names is
    /// left alone, and the entry is not kept.
    func store(_ data: Data, kind: CacheKind, key: String) {
        guard !Self.isForeign(dataURL(key)) && !Self.isForeign(recordURL(key)) else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let time = now()
            try FileWriter.replace(dataURL(key).path, with: data)
            let record = Record(format: kind.name, fetchedAt: time, lastUsed: time, bytes: data.count, sha256: ContentHash.hex(data))
            try FileWriter.replace(recordURL(key).path, with: Self.encoder.encode(record))
        } catch {
            // A cache that cannot be written only costs a future download.
            remove(key)
            return
        }
        evict()
    }

    /// `lookup` on the blocking pool: the disk is never waited for on a cooperative thread.
    func entry(_ key: String, kind: CacheKind) async -> Entry? {
        try? await BlockingPool.shared.run { lookup(key, kind: kind) }
    }

    /// `store` on the blocking pool.
    func keep(_ data: Data, kind: CacheKind, key: String) async {
        _ = try? await BlockingPool.shared.run { store(data, kind: kind, key: key) }
    }

    /// Drops the least recently used entries until both limits hold, and bytes left without a record.
    func evict() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(key: String, lastUsed: Date, bytes: Int)] = []
        for name in names {
            guard let key = Self.key(ofEntryNamed: name, ".json") else { continue }
            guard let data = Self.readOurs(recordURL(key), limit: Self.maximumRecordBytes) else { continue }
            guard let record = try? Self.decoder.decode(Record.self, from: data) else {
                remove(key)
                continue
            }
            entries.append((key, record.lastUsed, record.bytes))
        }
        let keys = Set(entries.map(\.key))
        for name in names {
            guard let key = Self.key(ofEntryNamed: name, ".image"), !keys.contains(key), !Self.isForeign(dataURL(key)) else { continue }
            // An orphan from a crash between the two renames; leave very fresh ones to a writer still at work.
            let modified = (try? dataURL(key).resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            if now().timeIntervalSince(modified) > 60 { unlink(dataURL(key).path) }
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

    /// Deletes the entry's files that are ours: regular files, not links or anything else put in their place.
    func remove(_ key: String) {
        for url in [recordURL(key), dataURL(key)] where !Self.isForeign(url) { unlink(url.path) }
    }

    /// A record is about 200 bytes; a bigger file under a record's name is not one.
    private static let maximumRecordBytes = 64 * 1024

    /// The key of a file named as our entries are, `KEY` + `suffix` with KEY 64 lower-case hex digits (a SHA-256,
    /// as `ChartImageService.cacheKey` makes them); nil for any other name.
    private static func key(ofEntryNamed name: String, _ suffix: String) -> String? {
        guard name.hasSuffix(suffix) else { return nil }
        let key = name.dropLast(suffix.count)
        guard key.utf8.count == 64, key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return String(key)
    }

    /// Something is at `url` and it is not a regular file (a link, a folder, a FIFO): not ours.
    private static func isForeign(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    }

    /// The bytes of the regular file at `url`, at most `limit` of them; nil when it is missing, is a link or
    /// anything but a regular file, or is longer.
    private static func readOurs(_ url: URL, limit: Int) -> Data? {
        // O_NONBLOCK: a FIFO put there opens at once (and is refused) rather than waiting for a writer.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit,
              let data = try? handle.read(upToCount: limit + 1) ?? Data(), data.count <= limit else { return nil }
        return data
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
