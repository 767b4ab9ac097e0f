import ChartModel
import Ephemeris
import Foundation
import WheelRaster
import WheelRender

// What `POST /v1/wheel` with a birth does, done in-process by the library with no HTTP around it: the birth read
// from its fields, its chart computed, the wheel rendered at 600 px, on as many threads as the server's cores and
// for a fixed time. scripts/bench-serve.sh sets it beside the server's figure for the same request: the ratio is
// what HTTP, JSON and the server's limits cost.
//
//     swift run -c release --package-path Performance ServeBaseline [--format svg|png] [--size 600]
//         [--threads 2] [--seconds 10]
// prints one line: `renders_per_second=… cpu_share=… (CPU seconds per second) format=… size=… threads=… seconds=… renders=…`.

struct Settings {
    var format = RenderOptions.ImageType.svg
    var size = 600
    var threads = 2
    var seconds = 10.0
}

func readSettings() -> Settings {
    var settings = Settings()
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let text = arguments.popFirst() else { fail("\(flag) needs a value") }
        return text
    }
    while let flag = arguments.popFirst() {
        switch flag {
        case "--format":
            guard let format = RenderOptions.ImageType(rawValue: value(flag)) else { fail("--format: svg or png") }
            settings.format = format
        case "--size":
            guard let size = Int(value(flag)), (100...4000).contains(size) else { fail("--size: 100 to 4000") }
            settings.size = size
        case "--threads":
            guard let threads = Int(value(flag)), (1...64).contains(threads) else { fail("--threads: 1 to 64") }
            settings.threads = threads
        case "--seconds":
            guard let seconds = Double(value(flag)), seconds > 0, seconds <= 600 else { fail("--seconds: more than 0, at most 600") }
            settings.seconds = seconds
        default:
            fail("unknown argument \(flag); the arguments are --format, --size, --threads, --seconds")
        }
    }
    return settings
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ServeBaseline: \(message)\n".utf8))
    exit(2)
}

/// The request's work: the birth of scripts/bench/wheel-svg.lua and wheel-png.lua, its chart, its wheel.
func renderOnce(format: RenderOptions.ImageType, options: RenderOptions) throws -> Int {
    let birth = try Birth(date: "1990-05-15", time: "10:30", zone: "America/New_York", latitude: 40.7128, longitude: -74.006)
    let chart = try ChartCalculator.chart(for: birth).chart
    // One thread per render, as the server renders: its requests already keep the cores busy.
    return try WheelRenderer.render(.wheel(chart), as: format, options: options, threads: 1).count
}

/// Renders counted by each thread until the deadline.
final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var failure: String?

    func add(_ count: Int) { lock.withLock { total += count } }
    func fail(_ message: String) { lock.withLock { failure = message } }
    var result: (total: Int, failure: String?) { lock.withLock { (total, failure) } }
}

let settings = readSettings()
var options = RenderOptions()
options.chartSize = settings.size
let format = settings.format
let renderOptions = options

// One render before timing: the ephemeris and zone tables are read once per process, as in the server.
do {
    _ = try renderOnce(format: format, options: renderOptions)
} catch {
    fail("the render failed: \(error)")
}

/// User and system CPU time of the process so far, in seconds.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let counts = Counts()
let cpuBefore = cpuSeconds()
let started = DispatchTime.now().uptimeNanoseconds
let deadline = started + UInt64(settings.seconds * 1e9)
let group = DispatchGroup()
for _ in 0..<settings.threads {
    group.enter()
    Thread.detachNewThread {
        var done = 0
        do {
            while DispatchTime.now().uptimeNanoseconds < deadline {
                _ = try renderOnce(format: format, options: renderOptions)
                done += 1
            }
        } catch {
            counts.fail("\(error)")
        }
        counts.add(done)
        group.leave()
    }
}
group.wait()
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
let cpuShare = (cpuSeconds() - cpuBefore) / elapsed
let (total, failure) = counts.result
if let failure { fail("a render failed: \(failure)") }
print(String(format: "renders_per_second=%.1f cpu_share=%.2f format=%@ size=%d threads=%d seconds=%.2f renders=%d",
             Double(total) / elapsed, cpuShare, format.rawValue, settings.size, settings.threads, elapsed, total))
