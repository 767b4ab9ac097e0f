import ChartModel
import Foundation
import Geometry
import Support
import WheelRender

/// Renders many charts into a folder on all cores. Each worker takes the next input when it is done with one,
/// so memory holds one chart per core however many there are; each output is written atomically; a failed
/// input is reported, on a line that starts with its name, and skipped.
struct BatchRender {
    var inputs: [String]
    var directory: String
    var format: RenderOptions.ImageType
    var options: RenderOptions
    var strict: Bool

    func run() throws {
        let outputs = inputs.map { input -> String in
            let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            return URL(fileURLWithPath: directory).appendingPathComponent("\(name).\(format.rawValue)").path
        }
        if let twice = Dictionary(grouping: outputs, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw Failure(code: Failure.usage, message: "two inputs would both be written to \(twice); rename one")
        }
        try Output.makeFolder(directory)

        let next = Locked(0)
        let failures = Locked<[(index: Int, failure: Failure)]>([])
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, inputs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.withLock { next in defer { next += 1 }; return next }
                guard index < inputs.count else { return }
                do {
                    try render(inputs[index], to: outputs[index])
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

    /// One chart; a failure's message starts with the input's name.
    private func render(_ input: String, to output: String) throws {
        let chart = try ChartInput.load(file: input, strict: strict)  // names the input itself
        do {
            // One thread a chart: the charts already keep every core busy.
            try Output.write(.wheel(chart), as: format, options: options, to: output, threads: 1)
        } catch let failure as Failure {
            throw Failure(code: failure.code, message: "\(input): \(failure.message)")
        }
    }
}
