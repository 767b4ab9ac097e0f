import ChartModel
import Foundation
import Support

extension ChartCalculator {
    /// A moment as a person writes one: `2026-11-22T12:00:00Z`, `2026-11-22T17:30+05:30`, `2026-11-22 12:00` (UTC,
    /// seconds optional), or `now`. Anything else is an error quoting the text and showing the forms.
    public static func moment(_ text: String, now: Date = Date()) throws(ChartError) -> Date {
        if text.lowercased() == "now" { return now }
        guard let date = parseMoment(text) else {
            throw ChartError("", "\(quote(text)) is not a moment: give 2026-11-22T12:00:00Z, 2026-11-22T17:30+05:30 or now")
        }
        return date
    }

    private static func parseMoment(_ text: String) -> Date? {
        var value = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
        // A time with no zone is UTC; seconds may be left out.
        if value.range(of: #"(Z|[+-]\d\d:?\d\d)$"#, options: .regularExpression) == nil { value += "Z" }
        if value.range(of: #"T\d\d:\d\d(Z|[+-])"#, options: .regularExpression) != nil {
            value = value.replacingOccurrences(of: #"(T\d\d:\d\d)"#, with: "$1:00", options: .regularExpression)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: value) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: value)
    }
}
