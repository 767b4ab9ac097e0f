import ChartModel
import Foundation
import Support

/// A birth as a moment: Julian days in UT and TT, and how the wall time was read.
public struct BirthInstant: Sendable, Hashable {
    /// UTC taken as UT (they differ by less than 0.9 s).
    public var julianDayUT: Double
    /// TT − UT in seconds: the birth's override, or `DeltaT`'s model.
    public var deltaT: Double
    /// The Julian day in Terrestrial Time: UT plus ΔT.
    public var julianDayTT: Double { julianDayUT + deltaT / 86400 }
    /// Seconds east of Greenwich that the wall time was read with: local time − UTC.
    public var utcOffset: Double
    /// `zone: …` and `time: …` lines: local mean time used, an ambiguous wall time resolved.
    public var warnings: [String]

    /// An instant from its Julian day UT, ΔT in seconds and the UTC offset in seconds.
    public init(julianDayUT: Double, deltaT: Double, utcOffset: Double, warnings: [String] = []) {
        self.julianDayUT = julianDayUT
        self.deltaT = deltaT
        self.utcOffset = utcOffset
        self.warnings = warnings
    }
}

extension Birth {
    /// The moment of birth. Throws for a field out of range, or a wall time that clocks skipped.
    public func instant() throws(ChartError) -> BirthInstant {
        try validate()
        var warnings: [String] = []
        let offset: Int
        switch zone {
        case .utc: offset = 0
        case .offset(let seconds): offset = seconds
        case .localMeanTime: offset = localMeanTimeOffset
        case .iana(let name): offset = try offsetInZone(named: name, warnings: &warnings)
        }
        let days = Double(CivilDate.days(year: year, month: month, day: day))
        let secondsOfDay = Double(hour * 3600 + minute * 60 - offset) + second
        let julianDayUT = CivilDate.julianDayOfEpoch + days + secondsOfDay / 86400
        return BirthInstant(
            julianDayUT: julianDayUT, deltaT: deltaT ?? DeltaT.seconds(julianDayUT: julianDayUT),
            utcOffset: Double(offset), warnings: warnings
        )
    }

    /// The birthplace's local mean time, seconds east: longitude × 4 minutes, to the whole second.
    var localMeanTimeOffset: Int { Int((longitude * 240).rounded()) }

    /// The wall clock's reading in seconds since 1970-01-01 00:00, as if it were UTC.
    var wallSeconds: Double {
        Double(CivilDate.days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60) + second
    }

    /// The offset a tz zone had at this wall time, or the birthplace's local mean time before the zone's first
    /// standard time; a skipped wall time throws, an ambiguous one takes `fold`.
    private func offsetInZone(named name: String, warnings: inout [String]) throws(ChartError) -> Int {
        let zone = TimeZone(identifier: name)!  // `validate()` checked the name
        let wall = wallSeconds
        let periods = ZonePeriods(zone, around: wall)
        let readings = periods.readings(of: wall)
        guard let first = readings.first, let last = readings.last else {
            throw skippedTimeError(periods, zoneName: name)
        }
        var reading = first
        if readings.count > 1 {
            if fold == .later {
                reading = last
            } else {
                warnings.append(
                    "time: \(clockText) on \(dateText) occurred twice in \(name) (clocks went back from "
                        + "\(periods.wallChangeText(at: last.period, relativeTo: self))); using the first, UTC"
                        + "\(formatOffset(first.offset)) (fold: later takes the second, UTC\(formatOffset(last.offset)))"
                )
            }
        }
        if let standard = ZonePeriods.firstTransition(of: zone), wall - Double(reading.offset) < standard,
            reading.offset % 900 != 0
        {
            // The tz database's first record is the local mean time of the zone's own city. On Linux, Foundation
            // (ICU) names it GMT+0:53:28, not LMT, so it is told by its offset, never a whole quarter hour, before
            // the zone's first change of offset. A standard time that kept that offset (St John's, 1884–1935)
            // therefore counts as local mean time until the offset first changed.
            let lmt = localMeanTimeOffset
            let city = name.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? name
            let standardOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: standard))
            let since = CivilDate.text(ofWallSeconds: standard + Double(standardOffset), seconds: false, dateOnly: true)
            warnings.append(
                "zone: \(dateText) \(clockText) is before standard time in \(name) (from \(since)); using the "
                    + "birthplace's local mean time, \(formatOffset(lmt)) (longitude \(plainNumber(longitude)) × 4 "
                    + "minutes), not \(city)'s, \(formatOffset(reading.offset))"
            )
            return lmt
        }
        return reading.offset
    }

    private func skippedTimeError(_ periods: ZonePeriods, zoneName: String) -> ChartError {
        guard let gap = periods.gap(containing: wallSeconds) else {
            return ChartError("time", "\(clockText) on \(dateText) does not exist in \(zoneName)")
        }
        let before = periods.wallText(gap.start, relativeTo: self, offset: gap.before, shift: -1)
        let after = periods.wallText(gap.start, relativeTo: self, offset: gap.after, shift: 0)
        return ChartError(
            "time",
            "\(clockText) on \(dateText) does not exist in \(zoneName) (clocks went from "
                + "\(periods.wallText(gap.start, relativeTo: self, offset: gap.before, shift: 0)) to \(after)); "
                + "the nearest valid times are \(before) and \(after)"
        )
    }
}

/// The stretches of constant UTC offset a zone had over a few days around a wall time.
struct ZonePeriods {
    /// Each period's start (UTC seconds since 1970; the first one open to the past) and offset.
    var periods: [(start: Double, offset: Int)]

    init(_ zone: TimeZone, around wall: Double) {
        // Offsets are less than a day, so three days either side hold every reading of the wall time.
        let from = wall - 3 * 86400, to = wall + 3 * 86400
        periods = [(-.infinity, zone.secondsFromGMT(for: Date(timeIntervalSince1970: from)))]
        var date = Date(timeIntervalSince1970: from)
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next > date, next.timeIntervalSince1970 < to {
            periods.append((next.timeIntervalSince1970, zone.secondsFromGMT(for: next)))
            date = next
        }
    }

    /// Every reading of `wall`, earliest first: none in a gap, two in a fold.
    func readings(of wall: Double) -> [(period: Int, offset: Int)] {
        periods.indices.compactMap { i in
            let utc = wall - Double(periods[i].offset)
            let end = i + 1 < periods.count ? periods[i + 1].start : .infinity
            return periods[i].start <= utc && utc < end ? (i, periods[i].offset) : nil
        }
    }

    /// The transition whose skipped wall times hold `wall`: its UTC instant and the offsets on either side.
    func gap(containing wall: Double) -> (start: Double, before: Int, after: Int)? {
        for i in periods.indices.dropFirst() {
            let start = periods[i].start, before = periods[i - 1].offset, after = periods[i].offset
            if start + Double(before) <= wall, wall < start + Double(after) { return (start, before, after) }
        }
        return nil
    }

    /// The wall clock at `utc` read with `offset`, `shift` seconds later: `03:00`, or `23:59:59 on 2011-12-29`
    /// when that is another day than the birth's.
    func wallText(_ utc: Double, relativeTo birth: Birth, offset: Int, shift: Double) -> String {
        let wall = (utc + Double(offset) + shift).rounded(.down)
        let text = CivilDate.text(ofWallSeconds: wall, seconds: true, dateOnly: false)
        let day = CivilDate.text(ofWallSeconds: wall, seconds: false, dateOnly: true)
        return day == birth.dateText ? text : "\(text) on \(day)"
    }

    /// `02:00 to 01:00`: how the clock changed at the start of period `i`.
    func wallChangeText(at i: Int, relativeTo birth: Birth) -> String {
        let start = periods[i].start
        return wallText(start, relativeTo: birth, offset: periods[i - 1].offset, shift: 0) + " to "
            + wallText(start, relativeTo: birth, offset: periods[i].offset, shift: 0)
    }

    /// The zone's first transition (UTC seconds since 1970): the end of its first record, or nil for a zone with
    /// one offset forever.
    static func firstTransition(of zone: TimeZone) -> Double? {
        // Year 1000: before any record of the tz database.
        zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: -30_610_224_000))?.timeIntervalSince1970
    }
}

/// Proleptic Gregorian dates as day counts from 1970-01-01 (H. Hinnant's algorithms).
enum CivilDate {
    /// The Julian day at 1970-01-01 00:00 UT.
    static let julianDayOfEpoch = 2440587.5

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1  // from March 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }

    /// `1893-04-01` (dateOnly), or `03:00` / `01:59:59` (seconds shown when not zero) for whole wall seconds.
    static func text(ofWallSeconds wall: Double, seconds: Bool, dateOnly: Bool) -> String {
        let whole = Int(wall.rounded(.down))
        let days = Int((Double(whole) / 86400).rounded(.down))
        if dateOnly {
            let (y, m, d) = date(days: days)
            return "\(y)-\(twoDigits(m))-\(twoDigits(d))"
        }
        let secondOfDay = whole - days * 86400
        let hm = "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60))"
        return seconds && secondOfDay % 60 != 0 ? hm + ":" + twoDigits(secondOfDay % 60) : hm
    }
}
