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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isWellFormed(trimmed) else { return nil }
        var value = trimmed.replacingOccurrences(of: " ", with: "T")
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

    /// The forms the server's document gives, each part in its range and the day a real one (the date formatter
    /// alone reads on past a moment's end and rolls the 30th of February into March).
    private static func isWellFormed(_ text: String) -> Bool {
        let form = #/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/#
        guard let match = text.wholeMatch(of: form), let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
              let hour = Int(match.4), let minute = Int(match.5) else { return false }
        let second = match.6.flatMap { Int($0) } ?? 0
        let offsetHours = match.7.flatMap { Int($0) } ?? 0, offsetMinutes = match.8.flatMap { Int($0) } ?? 0
        guard (1...12).contains(month), hour < 24, minute < 60, second < 60, offsetHours <= 14, offsetMinutes < 60 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
