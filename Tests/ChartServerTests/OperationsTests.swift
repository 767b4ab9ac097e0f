import ChartServer
import Hummingbird
import Foundation
import HummingbirdTesting
import Testing

@Suite(.timeLimit(.minutes(10))) struct OperationsTests {
    @Test func healthAndReadinessAnswer() async throws {
        let server = ChartServer(configuration: ServerConfiguration())
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
        let server = ChartServer(configuration: ServerConfiguration())
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
}
