import ChartModel
import Foundation
@testable import RemoteCharts
import Testing
import WheelRender

/// Every URL followed, the chart URL and each redirect's target, is validated first: a malformed one falls back
/// with the reason, and never reaches the HTTP library (which traps on a port above 65535).
@Suite(.serialized, .hangGuard)
struct URLTests {
    let chart = try! Fixtures.chart()

    @Test(arguments: [
        ("http://127.0.0.1:99999/", "redirect target has a port outside 1...65535: http://127.0.0.1:99999/"),
        ("http://127.0.0.1:65536/c.png", "redirect target has a port outside 1...65535: http://127.0.0.1:65536/c.png"),
        ("http://127.0.0.1:0/c.png", "redirect target has a port outside 1...65535: http://127.0.0.1:0/c.png"),
        ("http://127.0.0.1:/c.png", "redirect target has a port outside 1...65535: http://127.0.0.1:/c.png"),
        ("http://[::1/", "redirect target has a broken IPv6 address: http://[::1/"),
        ("http://[::1]x/", "redirect target has a broken IPv6 address: http://[::1]x/"),
        ("file:///etc/passwd", "redirect target is not http or https: file:///etc/passwd"),
        ("ftp://127.0.0.1/c.png", "redirect target is not http or https: ftp://127.0.0.1/c.png"),
        ("javascript:alert(1)", "redirect target is not http or https: javascript:alert(1)"),
        ("http://user:secret@127.0.0.1/c.png", "redirect target has user information: http://user:secret@127.0.0.1/c.png"),
        ("http:///c.png", "redirect target has no host: http:///c.png"),
        ("http://exa mple.com/c.png", "redirect target has a space, a control character or a character outside ASCII: http://exa mple.com/c.png"),
        ("http://ex%61mple.com/c.png", "redirect target has a malformed host: http://ex%61mple.com/c.png"),
    ])
    func aRedirectToABadURLFallsBack(location: String, reason: String) async throws {
        try await withService(["/r": { _ in .respond(status: 302, headers: [("Location", location)]) }]) { server, service in
            let image = try await service.image(response: Fixtures.response(server.url("/r")), chart: chart, options: RenderOptions(), format: .png)
            #expect(image.source == .fallback)
            #expect(image.reason == reason)
            #expect(server.hits("/r") == 1, "not retried")
        }
    }

    @Test(arguments: [
        ("http://127.0.0.1:99999/c.png", "chart URL has a port outside 1...65535: http://127.0.0.1:99999/c.png"),
        ("https://example.com:123456789012345678901234567890/", "chart URL has a port outside 1...65535: https://example.com:123456789012345678901234567890/"),
        ("http://[::1:8080/c.png", "chart URL has a broken IPv6 address: http://[::1:8080/c.png"),
        ("http://[fe80::1%25eth0]/c.png", "chart URL has a broken IPv6 address: http://[fe80::1%25eth0]/c.png"),
        ("http://me@example.com/c.png", "chart URL has user information: http://me@example.com/c.png"),
        ("http://:80/c.png", "chart URL has no host: http://:80/c.png"),
        ("http:/example.com/c.png", "chart URL has no host: http:/example.com/c.png"),
        ("data:image/png;base64,AAAA", "chart URL is not http or https: data:image/png;base64,AAAA"),
        ("http://example.com/c d.png", "chart URL has a space, a control character or a character outside ASCII: http://example.com/c d.png"),
    ])
    func aChartURLThatIsMalformedFallsBackAtOnce(url: String, reason: String) async throws {
        try await withService([:]) { _, service in
            let response = try JSONSerialization.data(withJSONObject: ["status": true, "chart_url": url])
            let image = try await service.image(response: response, chart: chart, options: RenderOptions(), format: .png)
            #expect(image.source == .fallback)
            #expect(image.reason == reason)
        }
    }

    @Test func goodURLsPass() throws {
        for url in ["http://127.0.0.1:8080/c.png", "https://example.com/charts/c.svg?id=1#top", "HTTP://EXAMPLE.COM:65535/",
                    "http://[::1]:8080/c.png", "http://[2001:db8::7]/c.png", "https://cdn-1.example.co.uk/a/b"] {
            #expect(try ImageURL.validated(url, what: "chart URL").absoluteString == url)
        }
        let base = URL(string: "http://127.0.0.1:8080/a/b.png")!
        #expect(try ImageURL.redirect("/c.png", from: base).absoluteString == "http://127.0.0.1:8080/c.png")
        #expect(try ImageURL.redirect("c.png", from: base).absoluteString == "http://127.0.0.1:8080/a/c.png")
        #expect(try ImageURL.redirect("//example.com/d.png", from: base).absoluteString == "http://example.com/d.png")
        #expect(throws: FetchFailure.self) { try ImageURL.redirect("//127.0.0.1:99999/d.png", from: base) }
    }
}
