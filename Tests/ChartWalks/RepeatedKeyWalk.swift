import Foundation
import TestSupport
import WalkSampling
@testable import ChartModel

/// A repeated key is found wherever it stands (RepeatedKeyTests.everyPairOfPositions): in objects of 1 to 64
/// members, across the key filter's and the key set's thresholds, with short keys and with keys alike in their first
/// eight bytes, each pair of positions holding the same key must be refused as repeated. Every size is looked at;
/// sampling takes one pair of positions in N of each.
public enum RepeatedKeyWalk {
    public static let sizes = 1...64

    public static func run(_ sampling: Sampling) async throws -> WalkReport {
        var report = WalkReport()
        for members in sizes {
            for keys in [(0..<members).map { "k\($0)" }, (0..<members).map { "member_number_\($0)" }] {
                let valid = "{" + keys.map { #""\#($0)": [1]"# }.joined(separator: ", ") + "}"
                report.check((try? JSONDocument.parse(Data(valid.utf8)) { _ in }) != nil, "\(members) members: all different does not parse")
                // The pair (first, second) is the (second × (second − 1) / 2 + first)th.
                let pairs = (0..<members).flatMap { second in (0..<second).map { (first: $0, second: second) } }
                    .enumerated().filter { sampling.includes($0.offset) }.map(\.element)
                report.lookedUp += pairs.count
                let missed = try await pairs.concurrentMap { first, second -> String? in
                    var repeated = keys
                    repeated[second] = keys[first]
                    let json = "{" + repeated.map { #""\#($0)": [1]"# }.joined(separator: ", ") + "}"
                    do {
                        try JSONDocument.parse(Data(json.utf8)) { _ in }
                    } catch let error as ChartError {
                        if error.message.contains("appears twice") { return nil }
                    } catch {}
                    return "\(first) and \(second)"
                }.compactMap { $0 }
                report.check(missed.isEmpty, "\(members) members: \(missed.prefix(4))")
            }
        }
        report.summary = "repeated keys: \(report.lookedUp) pairs of positions (\(sampling)) in objects of \(sizes.lowerBound) to \(sizes.upperBound) members"
        return report
    }
}
