import APIStandIns
import ChartModel
import Foundation
import Testing
import TestSupport

/// `wheel natal` as a user runs it, against loopback stand-ins of the services.
@Suite(.hangGuard) struct NatalCommandTests {
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

        func natal(_ provider: String, _ extra: [String] = [], output: String = "wheel.png") async throws -> WheelCommand.Result {
            try await WheelCommand.runOffThePool(["natal", "--provider", provider] + NatalCommandTests.birth + ["-o", path(output)] + extra,
                                                 environment: environment)
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
        let result = try await run.natal(provider, ["--json", run.path("chart.json")])
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
        let result = try await run.natal("astrologyapi", ["--timeout", "2"], output: "wheel.svg")
        // Refused at once; the bound is only against a hang, as other tests may hold every core (the budget's own
        // timing is tested on a manual clock in ChartServicesTests).
        #expect(result.seconds < 20, "\(result.seconds) s")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("data: local (") && result.stderr.contains("image: local ("), "\(result.stderr)")
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: run.path("wheel.svg"))), as: UTF8.self)
        #expect(svg.contains("Sun 24°") && svg.contains("Taurus"))
    }

    @Test func aServiceTooSlowForTheBudgetIsLeftInTime() async throws {
        let standIn = try await APIStandIn(.freeAstrologyAPI)
        for path in standIn.dataPaths + [standIn.wheelPath] { standIn.script(path) { _ in .delay(30) } }
        let run = try Run(standIn)
        let result = try await run.natal("freeastrologyapi", ["--timeout", "2"])
        // Well before the service's 30 s, however busy the machine; the status line says the budget ended it.
        #expect(result.seconds < 20, "\(result.seconds) s")
        await standIn.stop()
        #expect(result.status == 0)
        // Each part says a timeout ended it: the budget's (`timeout after 2.0 s`), or the read timeout (two fifths
        // of it) whose retry the rate limit then had no room for; which one comes first is the machine's timing.
        let parts = result.stderr.split(separator: ", image: ")
        #expect(parts.count == 2 && parts[0].hasPrefix("data: local (") && parts[1].hasPrefix("local ("), "\(result.stderr)")
        #expect(parts.allSatisfy { $0.contains("timeout") }, "\(result.stderr)")
    }

    @Test func anAPISVGTooCostlyToDrawIsRefusedUndrawnAndSaysWhy() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let svg = String(decoding: CostlySVG.blurredRectangles(2000), as: UTF8.self)
        standIn.script(standIn.imagePath) { _ in .body(svg) }
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi")
        await standIn.stop()
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("data: api, image: local (API SVG too costly to draw: about 2.7 s for 2000 filtered elements"),
                "\(result.stderr)")
    }

    @Test func anAPISVGThatDrawsPastTheBudgetIsLeftAndTheCommandEndsInTime() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        // About 40 s of librsvg, priced low by the cost model: only the deadline stops the wait.
        let svg = String(decoding: CostlySVG.erodedShapes(40), as: UTF8.self)
        standIn.script(standIn.imagePath) { _ in .body(svg) }
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi", ["--timeout", "2"])
        // The bound is only against waiting for the drawing's end (other tests may hold every core).
        #expect(result.seconds < 20, "\(result.seconds) s")
        await standIn.stop()
        #expect(result.status == 0)
        #expect(result.stderr == "data: api, image: local (API SVG did not draw within the 2.0 s budget)\n")
        #expect(FileManager.default.contents(atPath: run.path("wheel.png"))?.pngSize?.0 == 600)
    }

    @Test func offlineTheCacheServesWhatWasSeenOnce() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn)
        let before = try await run.natal("astrologyapi", ["--offline"])
        #expect(before.status == 0 && before.stderr == "data: local (offline), image: local (offline)\n")
        let online = try await run.natal("astrologyapi")
        #expect(online.stderr == "data: api, image: api\n")
        await standIn.stop()
        let after = try await run.natal("astrologyapi", ["--offline"])
        #expect(after.status == 0 && after.stderr == "data: cache, image: cache\n")
    }

    @Test func theLocalProviderNeedsNoNetwork() async throws {
        let run = try Run(nil)
        let result = try await run.natal("local")
        #expect(result.status == 0 && result.stderr == "data: local, image: local\n")
    }

    @Test func rejectedCredentialsAreExit77WithNoLocalAndNoFile() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn, apiKey: "wrong-key-5678")
        let result = try await run.natal("astrologyapi", ["--no-local"])
        await standIn.stop()
        #expect(result.status == 77)
        #expect(result.stderr == "wheel: AstrologyAPI rejected the credentials: check ASTROLOGYAPI_USER_ID and ASTROLOGYAPI_API_KEY\n")
        #expect(!FileManager.default.fileExists(atPath: run.path("wheel.png")))
        #expect(!result.stderr.contains("wrong-key-5678"))
    }

    @Test func aFullWindowIsExit75WithNoLocal() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi", ["--no-local", "--rate-limit", "1/60"])
        await standIn.stop()
        #expect(result.status == 75)
        #expect(result.stderr.wholeMatch(of: /wheel: rate limit: next request possible in [0-9]+ s\n/) != nil, "\(result.stderr)")
        #expect(standIn.overLimit == 0)
    }

    @Test func twoProcessesAtOnceStayUnderTheLimitTogether() async throws {
        let standIn = try await APIStandIn(.freeAstrologyAPI, limit: (5, 3))
        let run = try Run(standIn)
        let extra = ["--rate-limit", "5/3", "--timeout", "20", "--no-cache"]
        async let first = run.natal("freeastrologyapi", extra, output: "first.png")
        async let second = run.natal("freeastrologyapi", extra, output: "second.png")
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

    @Test func aProcessKilledMidRequestNeverLeavesTheLimitStuck() async throws {
        let standIn = try await APIStandIn(.astrologyAPI, limit: (2, 1))
        standIn.script("/v1/western_chart_data") { hit in hit == 1 ? .delay(60) : nil }
        standIn.script("/v1/natal_wheel_chart") { hit in hit == 1 ? .delay(60) : nil }
        let run = try Run(standIn)
        let limits = ["--rate-limit", "2/1", "--no-cache"]
        let doomed = Process()
        doomed.executableURL = WheelCommand.binary
        // Its budget is long enough for both requests to go out however busy the machine (it is killed long before).
        doomed.arguments = ["natal", "--provider", "astrologyapi"] + NatalCommandTests.birth + ["-o", run.path("doomed.png"), "--timeout", "6"] + limits
        doomed.environment = ProcessInfo.processInfo.environment.merging(run.environment) { _, given in given }
        doomed.standardError = FileHandle.nullDevice
        try doomed.run()
        while standIn.requests.count < 2 && doomed.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        try #require(standIn.requests.count >= 2, "the doomed process ended before its requests went out")
        kill(doomed.processIdentifier, SIGKILL)
        while doomed.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        // Its two slots free when its deadline has passed, plus the window: the next process waits, then goes.
        let result = try await run.natal("astrologyapi", limits + ["--timeout", "20"])
        await standIn.stop()
        #expect(result.status == 0 && result.stderr == "data: api, image: api\n")
        #expect(standIn.overLimit == 0)
    }

    @Test func aConfigFileOthersCanReadIsExit78() async throws {
        let run = try Run(nil)
        let config = run.path("config.json")
        try Data(#"{"freeastrologyapi": {"api_key": "fa-secret-1234"}}"#.utf8).write(to: URL(fileURLWithPath: config))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        let result = try await run.natal("freeastrologyapi", ["--config", config])
        #expect(result.status == 78)
        #expect(result.stderr == "wheel: config file \(config): others can read or change it (mode 644); run chmod 600 \(config)\n")
        #expect(!result.stderr.contains("fa-secret-1234"))
    }
}
