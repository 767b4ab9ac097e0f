import Benchmark
import ChartModel
import Ephemeris
import Foundation
import Geometry
import WheelRaster
import WheelRender

/// The toolkit's figures: decoding, layout, SVG and PNG in-process, for a plain and a crowded chart, and the
/// `wheel` command as a process, once and in batch.
let benchmarks: @Sendable () -> Void = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let charts = [
        ("plain", root.appendingPathComponent("samples/astrologyapi/a_2000_mumbai.json")),
        ("crowded", root.appendingPathComponent("GoldenImages/inputs/ten_inside_10deg.json")),
    ]
    let inProcess: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident]
    Benchmark.defaultConfiguration = .init(metrics: inProcess, timeUnits: .microseconds, maxDuration: .seconds(3), maxIterations: 2000)
    placeBenchmarks()

    // A whole chart from a birth: the zone's offset and ΔT, 16 bodies and points, 12 Placidus cusps, the aspects.
    let newDelhi = try! Birth(date: "1962-02-05", time: "00:00", zone: "Asia/Kolkata", latitude: 28.6139, longitude: 77.2090)
    let fixedOffset = try! Birth(date: "1962-02-05", time: "00:00", zone: "+05:30", latitude: 28.6139, longitude: 77.2090)
    _ = try! ChartCalculator.chart(for: newDelhi)  // the tables are read once, before timing
    Benchmark("chart from a birth (IANA zone)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ChartCalculator.chart(for: newDelhi)) }
    }
    Benchmark("chart from a birth (fixed offset)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ChartCalculator.chart(for: fixedOffset)) }
    }
    Benchmark("chart from a birth, Koch") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ChartCalculator.chart(for: fixedOffset, houseSystem: .koch)) }
    }
    // Every body: Chiron (in every chart) and Ceres, Pallas, Juno and Vesta besides, 20 bodies and points.
    let everyBody = ChartSettings(asteroids: true)
    _ = try! ChartCalculator.chart(for: newDelhi, settings: everyBody)
    Benchmark("chart from a birth, every body (IANA zone)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ChartCalculator.chart(for: newDelhi, settings: everyBody)) }
    }
    // Twenty bodies on one wheel: New Delhi's crowd in houses 3 and 4 takes two tracks (laid out twice).
    let twenty = try! ChartCalculator.chart(for: newDelhi, settings: everyBody).chart
    Benchmark("layout + SVG, twenty bodies") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(WheelRenderer.svg(.wheel(twenty), options: RenderOptions())) }
    }

    for (name, url) in charts {
        let json = try! Data(contentsOf: url)
        let chart = try! ChartDecoder.decode(json).chart
        let options = RenderOptions()

        Benchmark("decode \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try ChartDecoder.decode(json)) }
        }
        // The baseline our own JSON reader is weighed against: Foundation's parser alone, without reading the chart.
        Benchmark("JSONSerialization parse only \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: json)) }
        }
        Benchmark("layout \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(WheelLayout(chart: chart, options: options)) }
        }
        Benchmark("layout + SVG \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(WheelRenderer.svg(.wheel(chart), options: options)) }
        }
        // As text, for an app that wants a String: the bytes, checked to be UTF-8.
        Benchmark("decode + layout + SVG \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(String(decoding: WheelRenderer.svg(.wheel(try ChartDecoder.decode(json).chart), options: options), as: UTF8.self))
            }
        }
        // The bytes, as a file or a response needs them.
        Benchmark("decode + layout + SVG bytes \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(WheelRenderer.svg(.wheel(try ChartDecoder.decode(json).chart), options: options))
            }
        }
        for size in [600, 1200] {
            var sized = options
            sized.chartSize = size
            Benchmark("PNG \(size) px \(name)", configuration: .init(timeUnits: .microseconds, maxIterations: 300)) { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try WheelRenderer.png(.wheel(chart), options: sized)) }
            }
        }
        // What one chart costs a core, as in a batch.
        Benchmark("PNG 600 px \(name), one thread", configuration: .init(timeUnits: .microseconds, maxIterations: 300)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try WheelRenderer.png(.wheel(chart), options: options, threads: 1)) }
        }
    }

    // A bi-wheel (New York with Sydney as the partner), the sky at a moment, and a printable sheet of the pair.
    let newYork = try! ChartDecoder.decode(Data(contentsOf: root.appendingPathComponent("samples/astrologyapi/b_1990_newyork.json"))).chart
    let sydney = OuterChart(chart: try! ChartDecoder.decode(Data(contentsOf: root.appendingPathComponent("samples/astrologyapi/h_1994_sydney.json"))).chart,
                            kind: .synastry)
    let moment = Date(timeIntervalSince1970: 1_795_348_800)  // 2026-11-22 12:00 UTC
    Benchmark("transits: the sky at a moment") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ChartCalculator.transits(at: moment, place: nil, showing: newYork)) }
    }
    Benchmark("bi-wheel layout + SVG") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(WheelRenderer.svg(.wheel(newYork, outer: sydney), options: RenderOptions())) }
    }
    Benchmark("bi-wheel PNG 600 px", configuration: .init(timeUnits: .microseconds, maxIterations: 300)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try WheelRenderer.png(.wheel(newYork, outer: sydney), options: RenderOptions())) }
    }
    Benchmark("aspect grid PNG 600 px, two charts", configuration: .init(timeUnits: .microseconds, maxIterations: 300)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try WheelRenderer.png(.aspectGrid(newYork, outer: sydney), options: RenderOptions())) }
    }
    Benchmark("sheet PNG 1240 px, bi-wheel", configuration: .init(timeUnits: .microseconds, maxIterations: 100)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try WheelRenderer.png(.sheet(newYork, outer: sydney), options: RenderOptions())) }
    }

    // The command as a user runs it: a new process from start to exit, and many charts in one process.
    // scripts/benchmark.sh builds the binary with the Swift runtime linked in, as a deployment would.
    let wheel = [".build-static/release/wheel", ".build/release/wheel"].map { root.appendingPathComponent($0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? root.appendingPathComponent(".build-static/release/wheel")
    guard FileManager.default.isExecutableFile(atPath: wheel.path) else {
        print("skipping the process benchmarks: build \(wheel.path) first (scripts/benchmark.sh does)")
        return
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("wheel-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let process: [BenchmarkMetric] = [.wallClock, .cpuTotal]
    // The same births scripts/pyswisseph-baseline.py times (made by scripts/make-births.py 4000).
    let births = root.appendingPathComponent("Performance/births-4000.jsonl").path
    Benchmark("wheel chart --births, 4000 births", configuration: .init(metrics: process, timeUnits: .milliseconds, maxIterations: 20)) { benchmark in
        for _ in benchmark.scaledIterations {
            run(wheel, ["chart", "--births", births, "-o", output.appendingPathComponent("charts.jsonl").path])
        }
    }

    for (name, url) in charts {
        Benchmark("wheel render process, one PNG, \(name)", configuration: .init(metrics: process, timeUnits: .milliseconds, maxIterations: 100)) { benchmark in
            for _ in benchmark.scaledIterations {
                run(wheel, ["render", url.path, "-o", output.appendingPathComponent("one.png").path])
            }
        }
    }
    let batch = (0..<200).map { charts[$0 % 2].1 }
    let inputs = output.appendingPathComponent("inputs")
    try? FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let paths = batch.enumerated().map { index, url -> String in
        let copy = inputs.appendingPathComponent("chart\(index).json")
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.copyItem(at: url, to: copy)
        return copy.path
    }
    Benchmark("wheel render batch, 200 PNG", configuration: .init(metrics: process, timeUnits: .milliseconds, maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations {
            run(wheel, ["render"] + paths + ["-o", output.path])
        }
    }
}

private func run(_ executable: URL, _ arguments: [String]) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    try! process.run()
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "wheel \(arguments.prefix(2)) failed")
}
