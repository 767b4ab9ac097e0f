import APIStandIns
import ChartModel
import Foundation
import Testing
import TestSupport

/// `wheel natal` as a user runs it, against loopback stand-ins of the services.
@Suite struct NatalCommandTests {
    static let birth = ["--date", "1990-05-15", "--time", "10:30", "--zone", "America/New_York", "--lat", "40.7128", "--lon", "-74.006"]
    static let credentials = APIStandIn.Credentials()

    /// A run's world: the stand-in's URL and the credentials in the environment, its own state and config
    /// folders (so nothing of the machine's leaks in), and a scratch folder for the files.
    struct Run {
        let folder: URL
        var environment: [String: String]

        init(_ standIn: APIStandIn?, apiKey: String = NatalCommandTests.credentials.apiKey) throws {
            folder = try WheelCommand.scratch()
            environment = [
                "WHEEL_STATE_DIR": folder.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                "ASTROLOGYAPI_ACCESS_TOKEN": "",
                "ASTROLOGYAPI_USER_ID": NatalCommandTests.credentials.userID,
                "ASTROLOGYAPI_API_KEY": apiKey,
                "FREEASTROLOGYAPI_API_KEY": apiKey,
            ]
            if let standIn {
                environment["ASTROLOGYAPI_BASE_URL"] = standIn.baseURL
                environment["FREEASTROLOGYAPI_BASE_URL"] = standIn.baseURL
            }
        }

        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        func natal(_ provider: String, _ extra: [String] = [], output: String = "wheel.png") throws -> WheelCommand.Result {
            try WheelCommand.run(["natal", "--provider", provider] + NatalCommandTests.birth + ["-o", path(output)] + extra, environment: environment)
        }

        /// Every file the run left, to look for secrets in.
        var files: [Data] {
            let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            return names.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) }
        }
    }

    @Test(arguments: [("astrologyapi", APIStandIn.Service.astrologyAPI), ("freeastrologyapi", .freeAstrologyAPI)])
    func theAPIsChartIsWrittenAndSaysWhereItCameFrom(provider: String, service: APIStandIn.Service) async throws {
        let standIn = try await APIStandIn(service)
        let run = try Run(standIn)
        let result = try run.natal(provider, ["--json", run.path("chart.json")])
        await standIn.stop()
        #expect(result.status == 0)
        #expect(result.stderr == "data: api, image: api\n")
        let size = FileManager.default.contents(atPath: run.path("wheel.png"))?.pngSize
        #expect(size?.0 == 600 && size?.1 == 600)
        let written = try ChartDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: run.path("chart.json")))).chart
        let sample = try SampleCharts.chart("b_1990_newyork", shape: provider)
        #expect(written.bodies.map(\.longitude) == sample.bodies.map(\.longitude))
        for file in run.files + [result.stdout, Data(result.stderr.utf8)] {
            #expect(file.range(of: Data(NatalCommandTests.credentials.apiKey.utf8)) == nil)
        }
    }

    @Test func withTheNetworkGoneTheWheelIsStillWrittenInTimeAndSaysWhy() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        await standIn.stop()
        let run = try Run(standIn)
        let start = Date()
        let result = try run.natal("astrologyapi", ["--timeout", "2"], output: "wheel.svg")
        #expect(Date().timeIntervalSince(start) < 3.5)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("data: local (") && result.stderr.contains("image: local ("), "\(result.stderr)")
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: run.path("wheel.svg"))), as: UTF8.self)
        #expect(svg.contains("Sun 24°") && svg.contains("Taurus"))
    }

    @Test func offlineTheCacheServesWhatWasSeenOnce() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn)
        let before = try run.natal("astrologyapi", ["--offline"])
        #expect(before.status == 0 && before.stderr == "data: local (offline), image: local (offline)\n")
        #expect(try run.natal("astrologyapi").stderr == "data: api, image: api\n")
        await standIn.stop()
        let after = try run.natal("astrologyapi", ["--offline"])
        #expect(after.status == 0 && after.stderr == "data: cache, image: cache\n")
    }

    @Test func theLocalProviderNeedsNoNetwork() throws {
        let run = try Run(nil)
        let result = try run.natal("local")
        #expect(result.status == 0 && result.stderr == "data: local, image: local\n")
    }

    @Test func rejectedCredentialsAreExit77WithNoLocalAndNoFile() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn, apiKey: "wrong-key-5678")
        let result = try run.natal("astrologyapi", ["--no-local"])
        await standIn.stop()
        #expect(result.status == 77)
        #expect(result.stderr == "wheel: AstrologyAPI rejected the credentials: check ASTROLOGYAPI_USER_ID and ASTROLOGYAPI_API_KEY\n")
        #expect(!FileManager.default.fileExists(atPath: run.path("wheel.png")))
        #expect(!result.stderr.contains("wrong-key-5678"))
    }

    @Test func aFullWindowIsExit75WithNoLocal() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn)
        let result = try run.natal("astrologyapi", ["--no-local", "--rate-limit", "1/60"])
        await standIn.stop()
        #expect(result.status == 75)
        #expect(result.stderr.wholeMatch(of: /wheel: rate limit: next request possible in [0-9]+ s\n/) != nil, "\(result.stderr)")
        #expect(standIn.overLimit == 0)
    }

    @Test func twoProcessesAtOnceStayUnderTheLimitTogether() async throws {
        let standIn = try await APIStandIn(.freeAstrologyAPI, limit: (5, 3))
        let run = try Run(standIn)
        let extra = ["--rate-limit", "5/3", "--timeout", "10", "--no-cache"]
        async let first = Task.detached { try run.natal("freeastrologyapi", extra, output: "first.png") }.value
        async let second = Task.detached { try run.natal("freeastrologyapi", extra, output: "second.png") }.value
        let results = try await [first, second]
        await standIn.stop()
        for result in results {
            #expect(result.status == 0)
            #expect(result.stderr == "data: api, image: api\n")
        }
        // Each chart takes four requests (three for the data, one for the wheel): the second waited for the window.
        #expect(standIn.requests.filter { $0.path != standIn.imagePath }.count == 8)
        #expect(standIn.overLimit == 0)
        #expect(standIn.busiestWindow <= 5)
    }

    @Test func aConfigFileOthersCanReadIsExit78() throws {
        let run = try Run(nil)
        let config = run.path("config.json")
        try Data(#"{"freeastrologyapi": {"api_key": "fa-secret-1234"}}"#.utf8).write(to: URL(fileURLWithPath: config))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        let result = try run.natal("freeastrologyapi", ["--config", config])
        #expect(result.status == 78)
        #expect(result.stderr == "wheel: config file \(config): others can read or change it (mode 644); run chmod 600 \(config)\n")
        #expect(!result.stderr.contains("fa-secret-1234"))
    }
}
