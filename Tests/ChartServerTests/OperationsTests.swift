import ChartServer
import Hummingbird
import Foundation
import HummingbirdTesting
import Testing

@Suite(.hangGuard) struct OperationsTests {
    @Test func healthAndReadinessAnswer() async throws {
        let server = ChartServer(testing: ServerConfiguration())
        try await Application(router: server.router()).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func unknownRouteIsAProblem() async throws {
        let server = ChartServer(testing: ServerConfiguration())
        try await Application(router: server.router()).test(.router) { client in
            try await client.execute(uri: "/v9/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
                let problem = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(problem?["status"] as? Int == 404)
                #expect((problem?["detail"] as? String)?.contains("/v9/nothing") == true)
            }
        }
    }

    /// A path a route has, asked by a method it does not take, is 405 with `Allow` naming those it takes.
    @Test func aMethodAPathDoesNotTakeIs405WithAllow() async throws {
        let server = ChartServer(testing: ServerConfiguration())
        try await Application(router: server.router()).test(.router) { client in
            for (method, path, allowed) in [(HTTPRequest.Method.trace, "/v1/chart", "POST"), (.get, "/v1/wheel", "POST"),
                                            (.delete, "/v1/wheel/signed/abc", "GET, HEAD"), (.post, "/healthz", "GET")] {
                try await client.execute(uri: path, method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allowed, "\(method) \(path)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                }
            }
            try await client.execute(uri: "/v1/chart/more", method: .post) { #expect($0.status == .notFound) }
        }
    }
}
