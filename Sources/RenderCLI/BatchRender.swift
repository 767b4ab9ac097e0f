import ChartModel
import Foundation
import Geometry

/// Renders many charts into a folder on all cores. Each worker takes the next input when it is done with one,
/// so memory holds one chart per core however many there are; each output is written atomically; a failed
/// input is reported and skipped.
struct BatchRender {
    var inputs: [String]
    var directory: String
    var format: RenderOptions.ImageType
    var options: RenderOptions
    var chart: ChartInput

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(code: Failure.cannotCreate, message: "\(directory): not a folder")
        }
        let outputs = inputs.map { input -> String in
            let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            return URL(fileURLWithPath: directory).appendingPathComponent("\(name).\(format.rawValue)").path
        }
        if let twice = Dictionary(grouping: outputs, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw Failure(code: Failure.usage, message: "two inputs would both be written to \(twice); rename one")
        }

        let next = Locked(0)
        let failures = Locked<[(index: Int, failure: Failure)]>([])
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, inputs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.withLock { next in defer { next += 1 }; return next }
                guard index < inputs.count else { return }
                do {
                    let chart = try chart.load(inputs[index], namingFile: true)
                    // One thread a chart: the charts already keep every core busy.
                    try Output.write(try Wheel.Render.render(chart, format, options, threads: 1), to: outputs[index])
                } catch let failure as Failure {
                    failures.withLock { $0.append((index, failure)) }
                } catch {
                    failures.withLock { $0.append((index, Failure(code: Failure.software, message: "\(inputs[index]): \(error)"))) }
                }
            }
        }
        let failed = failures.withLock { $0 }.sorted { $0.index < $1.index }
        for (_, failure) in failed { printError("wheel: \(failure.message)") }
        guard let first = failed.first else { return }
        throw Failure(code: first.failure.code, message: "rendered \(inputs.count - failed.count) of \(inputs.count) charts into \(directory); \(failed.count) failed")
    }
}
