@testable import ChartServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import Testing
import WheelRaster

/// A PNG whose text needs a font the machine lacks is still answered; the package is logged once, not per request.
@Suite(.hangGuard)
struct MissingFontLogTests {
    static let birth = #"{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}"#

    /// `count` PNG wheels titled in Hindi and one SVG, through a server whose machine has `fonts`; the font warnings
    /// it logged.
    static func serve(fonts: FontCoverage, count: Int) async throws -> [[String: Any]] {
        let lines = TestServer.LogLines()
        let server = ChartServer(testing: ServerConfiguration(), logger: TestServer.logger(into: lines), rateLimiter: nil,
                                 renderPool: .shared, fonts: fonts, fontWarnings: FontWarnings())
        try await Application(router: server.router()).test(.router) { client in
            for format in Array(repeating: "png", count: count) + ["svg"] {
                let body = #"{"birth":\#(Self.birth),"format":"\#(format)","options":{"chart_size":300,"title":"सूर्य वृषभ में"}}"#
                try await client.execute(uri: "/v1/wheel", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(format)")
                    #expect(response.headers[.contentType] == (format == "png" ? "image/png" : "image/svg+xml"))
                    #expect(response.headers[values: HTTPField.Name("Wheel-Warning")!].isEmpty, "the operator's to fix, not the client's")
                }
            }
        }
        // Of the warnings, the fonts' (a server without a URL secret warns of that too).
        return lines.objects.filter { $0["level"] as? String == "warning" && ($0["message"] as? String)?.hasPrefix("the PNG's text") == true }
    }

    @Test func aMissingFontIsLoggedOnceWithItsPackage() async throws {
        let withoutDevanagari = FontCoverage { !(0x0900...0x097F).contains($0.value) }
        let warnings = try await Self.serve(fonts: withoutDevanagari, count: 3)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?["message"] as? String
                == "the PNG's text needs a font for Devanagari, which this machine lacks; install fonts-gargi (apt-get install fonts-gargi)")
        #expect(warnings.first?["package"] as? String == "fonts-gargi")
    }

    @Test func aMachineWithTheFontsLogsNothing() async throws {
        #expect(try await Self.serve(fonts: .system, count: 1).isEmpty)
        #expect(try await Self.serve(fonts: FontCoverage { _ in true }, count: 1).isEmpty)
    }
}
