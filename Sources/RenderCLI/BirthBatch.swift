import BirthPlaces
import ChartModel
import Geometry
import Ephemeris
import Foundation
import Support

/// `wheel chart --births`: one birth a line in, one chart a line out, in order, computed on all cores.
struct BirthBatch {
    var input: String
    var houseSystem: HouseSystem?
    /// The chart settings the flags ask for, over each line's own.
    var settings = ChartSettingsChoices()
    var strict: Bool

    /// Lines up to this length are read; a longer one is an error of its own.
    static let maximumLineBytes = 64 * 1024

    func run(to output: String?) throws {
        let data = try ChartInput.read(input, limit: 512 * 1024 * 1024)
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        var results = [Data](repeating: Data(), count: count)
        let warnings = Locked<[(line: Int, text: String)]>([])
        let failures = Locked(0)
        let chunk = max(1, count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { part in
                for index in part * chunk..<min(count, (part + 1) * chunk) {
                    let line = Data(lines[lines.startIndex + index])
                    do {
                        let (chart, lineWarnings) = try chart(line)
                        results[index] = chart
                        if !lineWarnings.isEmpty { warnings.withLock { $0 += lineWarnings.map { (index + 1, $0) } } }
                    } catch {
                        results[index] = Self.errorLine(index + 1, error)
                        failures.withLock { $0 += 1 }
                    }
                }
            }
        }
        var out = Data()
        out.reserveCapacity(results.reduce(0) { $0 + $1.count + 1 })
        for result in results {
            out.append(result)
            out.append(UInt8(ascii: "\n"))
        }
        try Output.write(out, to: output)
        for warning in warnings.withLock({ $0 }).sorted(by: { $0.line < $1.line }) {
            printError("wheel: warning: line \(warning.line): \(warning.text)")
        }
        let failed = failures.withLock { $0 }
        if failed > 0 {
            throw Failure(code: Failure.dataError, message: "\(failed) of \(count) births failed; their lines say why")
        }
    }

    /// One line's chart, as one line of JSON, and its warnings.
    private func chart(_ line: Data) throws -> (Data, [String]) {
        guard line.count <= Self.maximumLineBytes else {
            throw ChartError("", "longer than \(Self.maximumLineBytes / 1024) KB")
        }
        let request = try BirthRequest.decode(line, places: BirthPlaceResolver())
        var computed = try ChartCalculator.chart(for: request.birth, houseSystem: houseSystem ?? request.houseSystem ?? .placidus, strict: strict,
                                                 settings: try ChartSettings(settings, over: request.settings))
        computed.chart.take(request.place)
        return (computed.chart.jsonData(compact: true), request.warnings + computed.warnings)
    }

    /// `{"line": 3, "error": "latitude: 91 is outside -90…90"}`.
    private static func errorLine(_ line: Int, _ error: Error) -> Data {
        let message = (error as? ChartError)?.description ?? "\(error)"
        return JSONText.sorted(["line": .int(line), "error": .string(message)]).data
    }
}
