import APIStandIns
import BlockingWork
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

        /// A run with the longest budget there is unless `extra` gives one: a test that is not about time must not
        /// see a try time out (two fifths of the budget, on real time) however busy the machine.
        func natal(_ provider: String, _ extra: [String] = [], output: String = "wheel.png") async throws -> WheelCommand.Result {
            let budget = extra.contains("--timeout") ? [] : ["--timeout", "120"]
            return try await WheelCommand.runOffThePool(["natal", "--provider", provider] + NatalCommandTests.birth + ["-o", path(output)] + budget + extra,
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

    /// The longest budget there is: no machine is slow enough to spend it, so the refusals alone end the wait
    /// (the budget's own timing is tested on a manual clock in RemoteChartsTests).
    @Test func withTheNetworkGoneTheWheelIsStillWrittenAndSaysWhy() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        await standIn.stop()
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi", ["--timeout", "120"], output: "wheel.svg")
        #expect(result.status == 0)
        let parts = result.stderr.split(separator: ", image: ")
        #expect(parts.count == 2 && parts[0].hasPrefix("data: local (") && parts[1].hasPrefix("local ("), "\(result.stderr)")
        #expect(parts.first?.contains("connection refused") == true, "told by the error's type: \(result.stderr)")
        #expect(!result.stderr.contains("timeout"), "\(result.stderr)")
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: run.path("wheel.svg"))), as: UTF8.self)
        #expect(svg.contains("Sun 24°") && svg.contains("Taurus"))
    }

    @Test func aServiceTooSlowForTheBudgetIsLeftInTime() async throws {
        let standIn = try await APIStandIn(.freeAstrologyAPI)
        // The service never answers: the process can end only by giving up, as its budget makes it.
        let never = APIStandIn.Release()
        for path in standIn.dataPaths + [standIn.wheelPath] { standIn.script(path) { _ in .held(never) } }
        let run = try Run(standIn)
        let result = try await run.natal("freeastrologyapi", ["--timeout", "2"])
        await standIn.stop()
        #expect(result.status == 0)
        // Each part says a timeout ended it: the budget's (`timeout after 2.0 s`), or the read timeout (two fifths
        // of it) whose retry the rate limit then had no room for; which one comes first is the machine's timing.
        let parts = result.stderr.split(separator: ", image: ")
        #expect(parts.count == 2 && parts[0].hasPrefix("data: local (") && parts[1].hasPrefix("local ("), "\(result.stderr)")
        #expect(parts.allSatisfy { $0.contains("timeout") }, "\(result.stderr)")
    }

    /// A document the cost model prices far over half of any time left: refused whatever the machine's speed.
    @Test func anAPISVGTooCostlyToDrawIsRefusedUndrawnAndSaysWhy() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let svg = String(decoding: CostlySVG.blurredRectangles(40_000), as: UTF8.self)
        standIn.script(standIn.imagePath) { _ in .body(svg) }
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi", ["--timeout", "60"])
        await standIn.stop()
        #expect(result.status == 0)
        #expect(result.stderr.wholeMatch(of: /data: api, image: local \(API SVG too costly to draw: about [0-9.]+ s for 40000 filtered elements .* at 600 px, over half the [0-9.]+ s left\)\n/) != nil,
                "\(result.stderr)")
    }

    /// A document the cost model prices low but librsvg draws for many minutes (a filter region as large as the
    /// image on each of a thousand shapes): it cannot end within the budget on any machine, so only the deadline
    /// ends the wait, and the process ends without waiting for the drawing, or the test would not end.
    @Test func anAPISVGThatDrawsPastTheBudgetIsLeftAndTheCommandEnds() async throws {
        let standIn = try await APIStandIn(.astrologyAPI)
        let svg = String(decoding: Self.erodedShapes(1000), as: UTF8.self)
        standIn.script(standIn.imagePath) { _ in .body(svg) }
        let run = try Run(standIn)
        let result = try await run.natal("astrologyapi", ["--timeout", "20"])
        await standIn.stop()
        #expect(result.status == 0)
        #expect(result.stderr == "data: api, image: local (API SVG did not draw within the 20.0 s budget)\n")
        #expect(FileManager.default.contents(atPath: run.path("wheel.png"))?.pngSize?.0 == 600)
    }

    /// `count` shapes on the canvas, each eroded through a filter region as large as the image: over a second
    /// of librsvg each, while the cost model, which does not see regions, prices them at about a millisecond.
    static func erodedShapes(_ count: Int) -> Data {
        let filter = #"<filter id="m" x="-5000%" y="-5000%" width="10000%" height="10000%"><feMorphology radius="30"/></filter>"#
        let shapes = (0..<count).map { #"<rect x="\#(20 * ($0 % 29))" y="\#(20 + 20 * ($0 / 29 % 29))" width="20" height="20" filter="url(#m)"/>"# }
        return Data((#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">"#
                     + "<defs>\(filter)</defs>" + shapes.joined() + "</svg>\n").utf8)
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
        let result = try await run.natal("astrologyapi", ["--no-local", "--rate-limit", "1/60", "--timeout", "30"])
        await standIn.stop()
        #expect(result.status == 75)
        #expect(result.stderr.wholeMatch(of: /wheel: rate limit: next request possible in [0-9]+ s\n/) != nil, "\(result.stderr)")
        #expect(standIn.overLimit == 0)
    }

    @Test func twoProcessesAtOnceStayUnderTheLimitTogether() async throws {
        let standIn = try await APIStandIn(.freeAstrologyAPI, limit: (5, 3))
        let run = try Run(standIn)
        let extra = ["--rate-limit", "5/3", "--no-cache"]
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

    /// A killed process's slots free one window after another process sees it gone, not at its deadline: the
    /// doomed process has the longest budget there is, so the next one, with less, goes only if they do.
    @Test func aProcessKilledMidRequestNeverLeavesTheLimitStuck() async throws {
        let standIn = try await APIStandIn(.astrologyAPI, limit: (2, 1))
        // Its requests are never answered: it is killed while both are out.
        let never = APIStandIn.Release()
        standIn.script("/v1/western_chart_data") { hit in hit == 1 ? .held(never) : nil }
        standIn.script("/v1/natal_wheel_chart") { hit in hit == 1 ? .held(never) : nil }
        let run = try Run(standIn)
        let limits = ["--rate-limit", "2/1", "--no-cache"]
        let doomed = Process()
        doomed.executableURL = WheelCommand.binary
        doomed.arguments = ["natal", "--provider", "astrologyapi"] + NatalCommandTests.birth + ["-o", run.path("doomed.png"), "--timeout", "120"] + limits
        doomed.environment = ProcessInfo.processInfo.environment.merging(run.environment) { _, given in given }
        doomed.standardError = FileHandle.nullDevice
        // Whichever comes first: both requests out (true), or the process gone (false).
        let ended = OneResult<Void>(), bothOut = OneResult<Bool>()
        doomed.terminationHandler = { _ in
            ended.settle(.success(()))
            bothOut.settle(.success(false))
        }
        try doomed.run()
        let watch = Task {
            if await standIn.until(requests: 2) { bothOut.settle(.success(true)) }
        }
        let out = try await bothOut.value()
        watch.cancel()
        try #require(out, "the doomed process ended before its requests went out")
        kill(doomed.processIdentifier, SIGKILL)
        try await ended.value()
        let result = try await run.natal("astrologyapi", limits + ["--timeout", "100"])
        await standIn.stop()
        #expect(result.status == 0 && result.stderr == "data: api, image: api\n", "\(result.stderr)")
        #expect(standIn.overLimit == 0, "the window held for the requests the killed process had sent")
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
