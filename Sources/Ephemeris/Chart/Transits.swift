import ChartModel
import Foundation

extension ChartCalculator {
    /// The sky at `moment` as a bi-wheel's outer chart of transits, computed here: the bodies `inner` shows (those
    /// this ephemeris computes; all of them when `inner` is nil), read against the inner chart's houses. The
    /// bodies are geocentric and need no place; the Part of Fortune does (it is the Ascendant's), so it is left
    /// out when `place` is unknown, as it is for a chart that came as a service's JSON.
    public static func transits(at moment: Date, place: (latitude: Double, longitude: Double)?, showing inner: NatalChart? = nil,
                                settings: ChartSettings = ChartSettings()) throws(ChartError) -> OuterChart {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moment)
        let birth = try Birth(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                              second: Double(parts.second!) + Double(parts.nanosecond!) / 1e9, zone: .utc,
                              latitude: place?.latitude ?? 0, longitude: place?.longitude ?? 0)
        // In the inner chart's zodiac, seen from its place only when there is one; the asteroids computed when
        // asked for or when the inner chart shows one of them.
        var settings = place == nil ? ChartSettings(zodiac: settings.zodiac, asteroids: settings.asteroids) : settings
        settings.asteroids = settings.asteroids || (inner?.bodies.contains { asteroids.contains($0.id) } ?? false)
        var sky = try chart(for: birth, settings: settings).chart
        // The sky is the same everywhere; its moment is what tells it.
        sky.birth?.latitude = nil
        sky.birth?.longitude = nil
        let wanted = Set(inner?.bodies.map(\.id) ?? bodies(for: settings))
        sky.bodies.removeAll { !wanted.contains($0.id) || (place == nil && $0.id == .partOfFortune) }
        return OuterChart(chart: sky, kind: .transits)
    }
}
