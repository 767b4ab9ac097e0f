import ChartModel
import Foundation
import RemoteCharts
import Support
import Testing
import WheelRender

/// The on-disk cache: hits, misses, staleness, offline, eviction, corruption, and many requests at once.
@Suite(.serialized, .hangGuard)
struct CacheTests {
    let chart = try! Fixtures.chart()
    let options = RenderOptions()
    let png: TestServer.Route = { _ in .respond(status: 200, body: Fixtures.png) }

    private func fetch(_ service: ChartImageService, _ url: String, options: RenderOptions? = nil) async throws -> ChartImage {
        try await service.image(response: Fixtures.response(url), chart: chart, options: options ?? self.options, format: .png)
    }

    @Test func aMissFetchesAndAHitServesWithoutTheNetwork() async throws {
        let folder = Fixtures.scratch()
        try await withService(["/c.png": png], settings: Fixtures.settings(cache: folder)) { server, service in
            let fetched1 = try await fetch(service, server.url("/c.png"))
            #expect(fetched1.source == .api)
            let again = try await fetch(service, server.url("/c.png"))
            #expect(again.source == .cache && again.data == Fixtures.png)
            #expect(server.hits("/c.png") == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.count == 2, "bytes and record")
    }

    @Test func aChartSeenOnceIsThereOfflineAndAnUnseenOneIsDrawnLocally() async throws {
        let folder = Fixtures.scratch()
        try await withService(["/c.png": png], settings: Fixtures.settings(cache: folder)) { server, service in
            _ = try await fetch(service, server.url("/c.png"))
        }
        var offline = Fixtures.settings(cache: folder)
        offline.offline = true
        try await withService([:], settings: offline) { server, service in
            let seen = try await fetch(service, server.url("/c.png"))
            #expect(seen.source == .cache && seen.data == Fixtures.png)
            var other = options
            other.theme = .dark
            let unseen = try await fetch(service, server.url("/c.png"), options: other)
            #expect(unseen.sourceLine == "source: fallback (offline, and nothing cached for this chart)")
            #expect(server.hits("/c.png") == 0, "offline touches no network")
        }
    }

    @Test func aStaleEntryIsRefetchedAndServedWhenTheRefetchFails() async throws {
        let folder = Fixtures.scratch()
        try await withService(["/c.png": png], settings: Fixtures.settings(cache: folder)) { server, service in
            _ = try await fetch(service, server.url("/c.png"))
        }
        var later = Fixtures.settings(cache: folder)
        later.now = { Date().addingTimeInterval(31 * 24 * 3600) }
        try await withService(["/c.png": png], settings: later) { server, service in
            let fetched2 = try await fetch(service, server.url("/c.png"))
            #expect(fetched2.source == .api, "refetched")
            #expect(server.hits("/c.png") == 1)
        }
        var muchLater = Fixtures.settings(cache: folder)
        muchLater.now = { Date().addingTimeInterval(62 * 24 * 3600) }
        try await withService([:], settings: muchLater) { server, service in
            let image = try await fetch(service, server.url("/c.png"))
            #expect(image.source == .cache)
            #expect(image.reason == "stale; HTTP 404")
        }
        muchLater.offline = true
        try await withService([:], settings: muchLater) { server, service in
            let fetched3 = try await fetch(service, server.url("/c.png"))
            #expect(fetched3.sourceLine == "source: cache (stale, offline)")
        }
    }

    @Test func theLeastRecentlyUsedEntryIsEvictedBeyondTheEntryCap() async throws {
        let folder = Fixtures.scratch()
        var settings = Fixtures.settings(cache: folder)
        settings.cache!.maximumEntries = 2
        let clock = Locked(Date())
        settings.now = { clock.withLock { $0 = $0.addingTimeInterval(1); return $0 } }
        let sizes = [600, 610, 620].map { size -> RenderOptions in
            var o = RenderOptions()
            o.chartSize = size
            return o
        }
        try await withService(["/c.png": png], settings: settings) { server, service in
            for o in sizes.prefix(2) { _ = try await fetch(service, server.url("/c.png"), options: o) }
            _ = try await fetch(service, server.url("/c.png"), options: sizes[0])  // use the first again
            _ = try await fetch(service, server.url("/c.png"), options: sizes[2])  // the second is now least recent
            #expect(server.hits("/c.png") == 3)
            let fetched4 = try await fetch(service, server.url("/c.png"), options: sizes[0])
            #expect(fetched4.source == .cache)
            let fetched5 = try await fetch(service, server.url("/c.png"), options: sizes[1])
            #expect(fetched5.source == .api, "evicted, so fetched again")
        }
    }

    @Test func entriesBeyondTheByteCapAreEvicted() async throws {
        let folder = Fixtures.scratch()
        var settings = Fixtures.settings(cache: folder)
        settings.cache!.maximumBytes = Fixtures.png.count * 2 - 1
        try await withService(["/c.png": png], settings: settings) { server, service in
            var dark = options
            dark.theme = .dark
            _ = try await fetch(service, server.url("/c.png"))
            _ = try await fetch(service, server.url("/c.png"), options: dark)
        }
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".image") }
        #expect(images.count == 1)
    }

    @Test func aCorruptEntryIsDroppedAndRefetched() async throws {
        let folder = Fixtures.scratch()
        try await withService(["/c.png": png], settings: Fixtures.settings(cache: folder)) { server, service in
            _ = try await fetch(service, server.url("/c.png"))
            let entry = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".image") }!
            try Data("half a PNG".utf8).write(to: folder.appendingPathComponent(entry))
            let image = try await fetch(service, server.url("/c.png"))
            #expect(image.source == .api && image.data == Fixtures.png)
            #expect(server.hits("/c.png") == 2)
            let fetched6 = try await fetch(service, server.url("/c.png"))
            #expect(fetched6.source == .cache, "stored again, whole")
        }
    }

    @Test func manyConcurrentRequestsForOneChartShareOneDownload() async throws {
        let folder = Fixtures.scratch()
        let slowPNG: TestServer.Route = { _ in .trickle(chunk: Fixtures.png, count: 1, interval: 0.3) }
        try await withService(["/c.png": slowPNG], settings: Fixtures.settings(cache: folder)) { server, service in
            let images = try await withThrowingTaskGroup(of: ChartImage.self) { group in
                for _ in 0..<24 {
                    group.addTask { try await service.image(response: Fixtures.response(server.url("/c.png")), chart: chart, options: options, format: .png) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(images.count == 24)
            #expect(images.allSatisfy { $0.data == Fixtures.png && $0.source != .fallback })
            #expect(server.hits("/c.png") == 1, "one download for all")
        }
    }

    @Test func theCacheKeyFollowsTheChartAndTheOptions() async throws {
        let folder = Fixtures.scratch()
        try await withService(["/c.png": png], settings: Fixtures.settings(cache: folder)) { server, service in
            _ = try await fetch(service, server.url("/c.png"))
            let other = try await service.image(response: Fixtures.response(server.url("/c.png")), chart: try Fixtures.chart("b_1990_newyork"),
                                                options: options, format: .png)
            #expect(other.source == .api, "another chart is another entry")
            let svg = try await service.image(response: Fixtures.response(server.url("/c.png")), chart: chart, options: options, format: .svg)
            #expect(svg.source == .api, "another format is another entry")
        }
    }
}
