import ChartModel
import Foundation
import Support

/// A birth as a person gives it: a local wall date and time, the zone it was read in, and the place.
/// Every initializer checks all fields; `instant()` checks again, since the fields are mutable.
public struct Birth: Sendable, Hashable {
    /// Local wall time, proleptic Gregorian; `second` may have a fraction.
    public var year, month, day, hour, minute: Int
    /// The wall time's seconds, with any fraction.
    public var second: Double
    /// The zone the wall time is read in: a tz name, a fixed offset, UTC or local mean time.
    public var zone: BirthZone
    /// Degrees, north and east positive.
    public var latitude: Double, longitude: Double
    /// Which of two occurrences of an ambiguous wall time (when clocks went back).
    public var fold: Fold = .earlier
    /// TT − UT in seconds, overriding `DeltaT`.
    public var deltaT: Double? = nil

    /// The years a birth may fall in (local date): the span the ephemeris covers.
    public static let supportedYears = 1800...2100
    /// The largest ΔT override accepted, in seconds: ΔT is −6…+100 s over the supported years.
    public static let deltaTLimit = 3600.0

    /// `date` "1990-05-15"; `time` "10:30", "10:30:15" or "10:30:15.25"; `zone` as `BirthZone.init(_:)` reads it.
    public init(
        date: String, time: String, zone: String, latitude: Double, longitude: Double, fold: Fold = .earlier,
        deltaT: Double? = nil
    ) throws(ChartError) {
        let (year, month, day) = try Self.parseDate(date)
        try Self.checkDate(year, month, day, shown: quote(date))
        let (hour, minute, second) = try Self.parseTime(time)
        try Self.checkTime(hour, minute, second, shown: quote(time))
        try self.init(
            checking: year, month, day, hour, minute, second, zone: try BirthZone(zone), latitude: latitude,
            longitude: longitude, fold: fold, deltaT: deltaT
        )
    }

    /// A birth from its parts, checked as the string initializer checks them.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double = 0, zone: BirthZone,
        latitude: Double, longitude: Double, fold: Fold = .earlier, deltaT: Double? = nil
    ) throws(ChartError) {
        try self.init(
            checking: year, month, day, hour, minute, second, zone: zone, latitude: latitude, longitude: longitude,
            fold: fold, deltaT: deltaT
        )
    }

    private init(
        checking year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double,
        zone: BirthZone, latitude: Double, longitude: Double, fold: Fold, deltaT: Double?
    ) throws(ChartError) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.zone = zone
        self.latitude = latitude
        self.longitude = longitude
        self.fold = fold
        self.deltaT = deltaT
        try validate()
    }

    /// The date as written in messages: 1990-05-15.
    var dateText: String { "\(year)-\(twoDigits(month))-\(twoDigits(day))" }

    /// Checks every field, in the order of a birth object: date, time, zone, latitude, longitude, delta_t.
    func validate() throws(ChartError) {
        try Self.checkDate(year, month, day, shown: dateText)
        try Self.checkTime(hour, minute, second, shown: clockText)
        switch zone {
        case .iana(let name):
            guard TimeZone(identifier: name) != nil else { throw BirthZone.unknown(name) }
        case .offset(let seconds):
            guard abs(seconds) <= BirthZone.offsetLimit else {
                throw ChartError("zone", "\(formatOffset(seconds)) is outside the UTC offsets -18:00…+18:00")
            }
        case .utc, .localMeanTime: break
        }
        try Self.check("latitude", latitude, within: 90)
        try Self.check("longitude", longitude, within: 180)
        if let deltaT {
            try Self.check("delta_t", deltaT, within: Self.deltaTLimit, unit: " seconds")
        }
    }

    /// `shown` is the date as the user wrote it, quoted, or as `dateText` writes it.
    static func checkDate(_ year: Int, _ month: Int, _ day: Int, shown: String) throws(ChartError) {
        guard (1...12).contains(month) else {
            throw ChartError("date", "\(shown) is not a date (month \(month) is outside 1…12)")
        }
        let length = daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            throw ChartError("date", "\(shown) is not a date (\(monthNames[month - 1]) \(year) has \(length) days)")
        }
        guard supportedYears.contains(year) else {
            let span = "\(supportedYears.lowerBound)…\(supportedYears.upperBound)"
            throw ChartError("date", "\(shown) is outside the supported years \(span)")
        }
    }

    static func checkTime(_ hour: Int, _ minute: Int, _ second: Double, shown: String) throws(ChartError) {
        guard (0...23).contains(hour) else {
            throw ChartError("time", "\(shown) is not a time (hour \(hour) is outside 0…23)")
        }
        guard (0...59).contains(minute) else {
            throw ChartError("time", "\(shown) is not a time (minute \(minute) is outside 0…59)")
        }
        guard second.isFinite, second >= 0, second < 60 else {
            throw ChartError("time", "\(shown) is not a time (second \(plainNumber(second)) is outside 0..<60)")
        }
    }

    /// 10:30, 10:30:15, 10:30:15.25: the wall time as messages show it.
    var clockText: String {
        let text = "\(twoDigits(hour)):\(twoDigits(minute))"
        guard second != 0 else { return text }
        return text + ":" + (second > 0 && second < 10 ? "0" : "") + plainNumber(second)
    }

    private static func check(_ field: String, _ value: Double, within limit: Double, unit: String = "") throws(ChartError) {
        guard value.isFinite else { throw ChartError(field, "\(value) is not a finite number") }
        guard abs(value) <= limit else {
            throw ChartError(field, "\(plainNumber(value)) is outside -\(plainNumber(limit))…\(plainNumber(limit))\(unit)")
        }
    }

    static func parseDate(_ text: String) throws(ChartError) -> (Int, Int, Int) {
        let parts = text.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw ChartError("date", "\(quote(text)) is not a date (expected YYYY-MM-DD, as \"1990-05-15\")")
        }
        return (Int(parts[0])!, Int(parts[1])!, Int(parts[2])!)
    }

    static func parseTime(_ text: String) throws(ChartError) -> (Int, Int, Double) {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        let digits = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        let secondOK: Bool = {
            guard parts.count == 3 else { return parts.count == 2 }
            let pieces = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            return pieces[0].count == 2 && digits(pieces[0]) && (pieces.count == 1 || digits(pieces[1]))
        }()
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts[1].count == 2,
            digits(parts[0]), digits(parts[1]), secondOK
        else {
            throw ChartError("time", "\(quote(text)) is not a time (expected HH:MM, HH:MM:SS or HH:MM:SS.sss)")
        }
        return (Int(parts[0])!, Int(parts[1])!, parts.count == 3 ? Double(parts[2])! : 0)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}

/// Which of the two occurrences of a wall time that clocks went back over.
public enum Fold: String, Sendable, Hashable, CaseIterable {
    case earlier, later

    /// `earlier` or `later`, as the CLI and a birth object give it.
    public init(parsing text: String) throws(ChartError) {
        guard let fold = Fold(rawValue: text.trimmingWhitespace().lowercased()) else {
            throw ChartError(
                "fold",
                "\(quote(text)) is not a fold (expected \"earlier\" or \"later\")"
                    + didYouMean(text, among: Fold.allCases.map(\.rawValue))
            )
        }
        self = fold
    }
}
