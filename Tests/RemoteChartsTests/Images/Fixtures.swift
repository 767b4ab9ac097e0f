import ChartModel
import Foundation
import RemoteCharts
import TestSupport
import WheelRaster
import WheelRender

enum Fixtures {
    static func chart(_ id: String = "a_2000_mumbai") throws -> NatalChart {
        try SampleCharts.chart(id)
    }

    /// A flat teal image: easy to tell from a local render.
    static let png: Data = {
        let pixels: [UInt8] = (0..<(40 * 40)).flatMap { _ -> [UInt8] in [0x11, 0x88, 0x99, 0xff] }
        return try! Rasterizer.encodePNG(RGBAImage(width: 40, height: 40, pixels: pixels))
    }()

    static let svg = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">\
        <rect width="100" height="100" fill="#118899"/></svg>
        """.utf8)

    /// The way many services colour their charts: custom properties that librsvg 2.54 ignores.
    static let cssVariableSVG = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
        <style>:root { --paper: #f0e6d2; --ring: var(--accent); --accent: #2a6f97; }</style>
        <rect width="100" height="100" style="fill: var(--paper)"/>
        <circle cx="50" cy="50" r="30" style="fill: var(--ring); stroke: var(--missing, #000000)"/>
        </svg>
        """.utf8)

    static let scriptSVG = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script>\
        <rect width="100" height="100" fill="#118899" onclick="steal()"/></svg>
        """.utf8)

    /// AstrologyAPI's answer pointing at `url`.
    static func response(_ url: String) -> Data {
        Data(#"{"status": true, "chart_url": "\#(url)", "msg": "Chart created"}"#.utf8)
    }

    /// The budget is long by default, and so the connect and read timeouts derived from it (on real time even with
    /// a manual clock): a test that is not about time must not see a try time out however busy the machine; those
    /// about time, or about a wait that must not fit, set their own, on `clock` (the budget and the waits run on it).
    static func settings(budget: Duration = .seconds(300), cache: URL? = nil, clock: ManualClock? = nil) -> RemoteSettings {
        var settings = RemoteSettings()
        if let clock { settings.clock = clock }
        settings.budget = budget
        settings.backoff = .milliseconds(50)
        settings.cache = cache.map { CacheSettings(directory: $0) }
        return settings
    }

    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("chart-images-\(UUID().uuidString)")
    }
}

/// Starts a server, a service, runs `body`, and stops both, even when `body` throws.
func withService<T>(_ routes: [String: TestServer.Route], settings: RemoteSettings = Fixtures.settings(),
                    _ body: (TestServer, ChartImageService) async throws -> T) async throws -> T {
    let server = try await TestServer(routes)
    do {
        let result = try await ChartImageService.withService(settings) { service in try await body(server, service) }
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
