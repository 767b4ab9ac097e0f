import ChartModel
import Foundation
import Support

/// How a birth's wall time relates to UTC.
public enum BirthZone: Sendable, Hashable {
    /// A tz database name, `America/New_York`, read through Foundation's `TimeZone`.
    case iana(String)
    /// A fixed offset east of Greenwich, `+05:30` is 19,800 s.
    case offset(seconds: Int)
    case utc
    /// The birthplace's local mean time: longitude × 4 minutes.
    case localMeanTime

    /// The zone as a header shows it, with the offset in force where the name does not say it:
    /// `Europe/Berlin (UTC+02:00)`, `UTC+05:30`, `UTC`, `LMT (UTC+00:39:56)`. `utcOffset` in seconds.
    func shown(utcOffset: Double) -> String {
        let offset = "UTC" + formatOffset(Int(utcOffset.rounded()))
        return switch self {
        case .iana(let name): "\(name) (\(offset))"
        case .offset: offset
        case .utc: "UTC"
        case .localMeanTime: "LMT (\(offset))"
        }
    }

    /// Offsets from −18:00 to +18:00, as ISO 8601 and most libraries allow; today's zones span −12:00…+14:00.
    public static let offsetLimit = 18 * 3600

    /// Reads `America/New_York`, `+05:30`, `-4`, `+5.5`, `UTC+05:30`, `UTC` (or `GMT`, `Z`) and `LMT`, whitespace
    /// around, the letters in any case. A name is a tz database name's shape (ASCII letters, digits, `_`, `+`, `-`,
    /// `/` between parts, a letter first): one the database does not hold is not found, anything else is malformed.
    /// (The server's OpenAPI document states the same as a pattern, and a test holds the two together.)
    public init(_ text: String) throws(ChartError) {
        let trimmed = text.trimmingWhitespace()
        let upper = trimmed.uppercased()
        if ["UTC", "GMT", "Z"].contains(upper) {
            self = .utc
        } else if upper == "LMT" {
            self = .localMeanTime
        } else if let first = trimmed.first, first == "+" || first == "-" || first.isASCII && first.isNumber {
            self = .offset(seconds: try Self.offsetSeconds(trimmed, as: text))
        } else if upper.hasPrefix("UTC+") || upper.hasPrefix("UTC-") {
            self = .offset(seconds: try Self.offsetSeconds(String(trimmed.dropFirst(3)), as: text))
        } else if Self.isNameShaped(trimmed) {
            guard TimeZone(identifier: trimmed) != nil else { throw Self.unknown(text) }
            self = .iana(trimmed)
        } else {
            throw ChartError("zone", "\(quote(text)) is not a zone: an IANA name (America/New_York), a UTC offset (+05:30, -4), UTC or LMT")
        }
    }

    /// Whether `name` has a tz database name's shape: parts of ASCII letters, digits, `_`, `+` and `-` between `/`,
    /// a letter first. (Foundation's `TimeZone` also takes ICU's own forms, `GMT+05:30`: the offsets say that.)
    static func isNameShaped(_ name: String) -> Bool {
        func letter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = name.unicodeScalars.first, letter(first) else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || "_+-".unicodeScalars.contains($0) }
        }
    }

    /// `zone: "Europe/Berln" is not a known time zone (did you mean "Europe/Berlin"?)`
    static func unknown(_ name: String) -> ChartError {
        ChartError(
            "zone",
            "\(quote(name)) is not a known time zone"
                + didYouMean(name.trimmingWhitespace(), among: TimeZone.knownTimeZoneIdentifiers),
            kind: .notFound  // well formed, and names nothing the time-zone database holds
        )
    }

    /// `+05:30`, `-4`, `+0530`, `+05:30:15`, `+5.5` (hours) in seconds; `original` is what the message quotes.
    static func offsetSeconds(_ text: String, as original: String) throws(ChartError) -> Int {
        let malformed = ChartError(
            "zone", "\(quote(original)) is not a UTC offset (expected a sign and hours, as \"+05:30\" or \"-4\")"
        )
        var body = Substring(text)
        var sign = 1
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".") }) else {
            throw malformed
        }
        var seconds: Int
        if body.contains(".") {
            // Decimal hours, as the APIs' `tzone: 5.5`: one or two digits, a point, digits; 18 at most.
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...2).contains(parts[0].count), !parts[1].isEmpty, let hours = Double(body), hours.isFinite else {
                throw malformed
            }
            guard hours <= Double(offsetLimit / 3600) else {
                throw ChartError("zone", "\(quote(original)) is outside the UTC offsets -18:00…+18:00")
            }
            seconds = Int((hours * 3600).rounded())
        } else {
            var parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 1, parts[0].count == 4 { parts = [String(parts[0].prefix(2)), String(parts[0].suffix(2))] }
            guard (1...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) }),
                parts.dropFirst().allSatisfy({ $0.count == 2 })
            else { throw malformed }
            let numbers = parts.map { Int($0)! }
            if numbers.dropFirst().contains(where: { $0 >= 60 }) {
                throw ChartError("zone", "\(quote(original)) is not a UTC offset (minutes and seconds must be below 60)")
            }
            seconds = numbers.enumerated().reduce(0) { $0 + $1.element * [3600, 60, 1][$1.offset] }
        }
        guard seconds <= offsetLimit else {
            throw ChartError("zone", "\(quote(original)) is outside the UTC offsets -18:00…+18:00")
        }
        return sign * seconds
    }
}

/// `+05:30`, `-04:00`, `+00:39:57`: an offset as the tz database writes it, seconds only when there are some.
/// An offset from UTC as ISO 8601 writes it: `+05:30`, `-04:00`, `+00:39:56` (seconds only when there are some).
public func formatOffset(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    let hm = twoDigits(magnitude / 3600) + ":" + twoDigits(magnitude / 60 % 60)
    return (seconds < 0 ? "-" : "+") + hm + (magnitude % 60 == 0 ? "" : ":" + twoDigits(magnitude % 60))
}

func twoDigits(_ n: Int) -> String { (0..<10).contains(n) ? "0\(n)" : "\(n)" }
