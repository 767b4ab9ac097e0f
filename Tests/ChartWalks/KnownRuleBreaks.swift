import Foundation
import Geometry
import TestSupport
import WalkSampling

/// The seeded random charts that break a rule of `WheelRules`, as known-rule-breaks.json lists them: a chart that
/// gives up an angle (the placement's `anglesHeld` false) and a chart that breaks a rule while holding them. A
/// chart not listed must break none, and a listed one must break exactly the rules listed, so that a regression
/// on these charts fails as it would on any other.
public struct KnownRuleBreak: Codable, Equatable, Sendable, CustomStringConvertible {
    public var seed: Int
    public var size: Int
    public var anglesHeld: Bool
    /// The rules broken, as `WheelRules` words them, every number to 0.01.
    public var broken: [String]

    /// The chart's record as its layout and the rules broken make it.
    public init(seed: Int, size: Int, anglesHeld: Bool, broken: [String]) {
        self.seed = seed
        self.size = size
        self.anglesHeld = anglesHeld
        self.broken = broken.map(Self.rounded)
    }

    /// As the list would hold it, to paste there when a change is meant.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// `text` with every decimal number rounded to 0.01, so that the record tells a change of the layout from
    /// the last digits of a computation.
    public static func rounded(_ text: String) -> String {
        let numbers = try! NSRegularExpression(pattern: #"-?[0-9]+\.[0-9]+(e-?[0-9]+)?"#)
        var result = "", rest = text.startIndex
        for match in numbers.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let range = Range(match.range, in: text)!
            let formatted = String(format: "%.2f", Double(text[range])!)
            result += text[rest..<range.lowerBound] + (formatted == "-0.00" ? "0.00" : formatted)
            rest = range.upperBound
        }
        return result + text[rest...]
    }
}

/// The list, by figure.
public struct KnownRuleBreaks: Codable {
    public var about: String
    public var wheels: [KnownRuleBreak]
    public var biWheels: [KnownRuleBreak]

    public static func load() throws -> KnownRuleBreaks {
        let file = SampleCharts.packageRoot.appendingPathComponent("Tests/GeometryTests/known-rule-breaks.json")
        return try JSONDecoder().decode(KnownRuleBreaks.self, from: Data(contentsOf: file))
    }

    /// What differs between the charts `listed` for some seeds and those `found` breaking rules among the same
    /// seeds: each a line saying what is new, changed or no longer broken.
    public static func differences(listed: [KnownRuleBreak], found: [KnownRuleBreak]) -> [String] {
        var differences: [String] = []
        for chart in found {
            if let known = listed.first(where: { $0.seed == chart.seed }) {
                if known != chart { differences.append("seed \(chart.seed) breaks rules otherwise than listed; now \(chart)") }
            } else {
                differences.append("seed \(chart.seed) breaks rules and is not listed: \(chart)")
            }
        }
        for known in listed where !found.contains(where: { $0.seed == known.seed }) {
            differences.append("seed \(known.seed) is listed but now keeps every rule and the angles: remove \(known)")
        }
        return differences
    }

    /// A walk's report on `looked` charts, failing on each difference between those `listed` and those `found`.
    public static func report(listed: [KnownRuleBreak], found: [KnownRuleBreak], lookedUp looked: Int, summary: String) -> WalkReport {
        var report = WalkReport()
        for difference in differences(listed: listed, found: found) { report.fail(difference) }
        report.lookedUp = looked
        report.summary = summary
        return report
    }
}
