import Foundation
@testable import Places

/// The search finds through its indexes what a scan of every name finds (`Gazetteer.linearSearch`): whole names and
/// other names, then whole results with prefixes, typing mistakes and qualifiers. A scan costs a second or more in
/// the debug build.
public enum IndexScanWalk {
    /// Query -> how many results are compared; those of 50 only by whole names and other names.
    static let queries: [(query: String, limit: Int)] =
        ["Paris", "Springfield", "Wien", "Москва", "San Jose", "Newport", "Saint-Louis"].map { ($0, 50) }
        + ["Paris", "Paris, TX", "Springfield, Illinois", "Stratford upon", "Phildelphia", "Philidelphiaa", "Pairs",
           "Sprngfeld, MA", "Habmurg", "Bomaby", "Мосвка", "Gori, GE", "Xqzvwk"].map { ($0, 20) }

    public static func run(_ sampling: Sampling) -> WalkReport {
        var report = WalkReport()
        for (index, (query, limit)) in queries.enumerated() where sampling.includes(index) {
            report.lookedUp += 1
            do {
                var indexed = try Gazetteer.search(query, limit: limit), scanned = try Gazetteer.linearSearch(query, limit: limit)
                if limit == 50 {
                    indexed = indexed.filter { $0.kind <= .alternateName }
                    scanned = scanned.filter { $0.kind <= .alternateName }
                }
                report.check(indexed == scanned, "\(query): the index finds \(indexed.map(\.place.label)), the scan \(scanned.map(\.place.label))")
            } catch {
                report.fail("\(query): \(error)")
            }
        }
        report.summary = "the index against a scan (\(sampling)): \(report.lookedUp) of \(queries.count) queries"
        return report
    }
}
