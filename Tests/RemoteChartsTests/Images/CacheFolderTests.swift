import ChartModel
import Foundation
@testable import RemoteCharts
import Testing
import WheelRender

/// The cache folder holds only what the cache wrote: nothing else in it is read, written through or deleted,
/// and an entry is checked again (length, digest, format) every time it is read.
@Suite(.serialized, .hangGuard)
struct CacheFolderTests {
    let folder = Fixtures.scratch(), outside = Fixtures.scratch()

    init() throws {
        for url in [folder, outside] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    }

    /// A key as the service makes them: 64 hex digits.
    func key(_ digit: Int) -> String { String(repeating: String(digit), count: 64) }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func cache(maximumEntries: Int = 50) -> ChartCache {
        var settings = CacheSettings(directory: folder)
        settings.maximumEntries = maximumEntries
        return ChartCache(settings: settings, now: { Date() })
    }

    /// A user's file outside the folder, for links to point at.
    func precious() throws -> URL {
        let file = outside.appendingPathComponent("precious.txt")
        try Data("the user's".utf8).write(to: file)
        return file
    }

    @Test func evictionDeletesNothingThatIsNotOurs() throws {
        let precious = try precious()
        // A user's files dropped in the folder, old enough to pass for orphans; links and a folder named as entries.
        let theirs = ["notes.json", "photo.image", "README"]
        for name in theirs {
            try Data("not the cache's".utf8).write(to: url(name))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url(name).path)
        }
        try FileManager.default.createSymbolicLink(at: url(key(7) + ".json"), withDestinationURL: precious)
        try FileManager.default.createSymbolicLink(at: url(key(8) + ".image"), withDestinationURL: precious)
        try FileManager.default.createDirectory(at: url(key(9) + ".json"), withIntermediateDirectories: false)

        let cache = cache(maximumEntries: 1)
        cache.store(Fixtures.png, kind: .image(.png), key: key(1))
        cache.store(Fixtures.png, kind: .image(.png), key: key(2))  // evicts the first

        let expected = theirs + [key(7) + ".json", key(8) + ".image", key(9) + ".json", key(2) + ".json", key(2) + ".image"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == expected.sorted())
        #expect(try String(contentsOf: precious, encoding: .utf8) == "the user's")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url(key(7) + ".json").path) == precious.path)
    }

    @Test func storingNeverWritesThroughALink() throws {
        let precious = try precious()
        try FileManager.default.createSymbolicLink(at: url(key(3) + ".image"), withDestinationURL: precious)
        cache().store(Fixtures.png, kind: .image(.png), key: key(3))
        #expect(try String(contentsOf: precious, encoding: .utf8) == "the user's")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url(key(3) + ".image").path) == precious.path)
        #expect(!FileManager.default.fileExists(atPath: url(key(3) + ".json").path), "no record for bytes that are not ours")
    }

    /// Entries forged with a matching length and digest: only the one that is a PNG, as asked, is served.
    @Test func anEntryIsCheckedAgainWhenRead() async throws {
        let chart = try Fixtures.chart(), options = RenderOptions()
        let key = ChartImageService.cacheKey(chart: chart, options: options, format: .png)
        func forge(_ bytes: Data, format: String, link: Bool = false) throws {
            try? FileManager.default.removeItem(at: url(key + ".image"))
            if link {
                let elsewhere = outside.appendingPathComponent("elsewhere.png")
                try bytes.write(to: elsewhere)
                try FileManager.default.createSymbolicLink(at: url(key + ".image"), withDestinationURL: elsewhere)
            } else {
                try bytes.write(to: url(key + ".image"))
            }
            let now = Int(Date().timeIntervalSince1970)
            let record = #"{"bytes":\#(bytes.count),"fetchedAt":\#(now),"format":"\#(format)","lastUsed":\#(now),"sha256":"\#(ContentHash.hex(bytes))"}"#
            try Data(record.utf8).write(to: url(key + ".json"))
        }
        var settings = Fixtures.settings(cache: folder)
        settings.offline = true
        try await withService([:], settings: settings) { _, service in
            func source() async throws -> ChartImage.Source {
                try await service.image(response: nil, chart: chart, options: options, format: .png).source
            }
            try forge(Fixtures.png, format: "png")
            #expect(try await source() == .cache, "a whole entry is served")
            try forge(Data("<!doctype html><p>hello".utf8), format: "png")
            #expect(try await source() == .fallback, "not a PNG")
            try forge(Fixtures.svg, format: "png")
            #expect(try await source() == .fallback, "an SVG where a PNG was kept")
            try forge(Fixtures.svg, format: "svg")
            #expect(try await source() == .fallback, "an SVG record under a PNG's key")
            try forge(Fixtures.png, format: "png", link: true)
            #expect(try await source() == .fallback, "a link is not ours")
            #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("elsewhere.png").path))
        }
    }
}
