/// When and where a chart is for, as far as its source says: what a printable sheet's header shows. A chart
/// computed from a birth knows its date, time, zone and coordinates, and its place's name when the birth was
/// given by one; a chart read from a service's JSON knows none of it. Nothing here is guessed: a part the source
/// did not give stays `nil` and is not shown.
///
/// The chart's JSON does not carry it: it belongs to the birth a chart was computed from, not to the chart's
/// positions. The place a birth took from the gazetteer is in the JSON, as `NatalChart.place`.
public struct BirthDetails: Sendable, Hashable {
    /// The local date, `1990-05-15`.
    public var date: String?
    /// The local wall time, `10:30` or `10:30:15`.
    public var time: String?
    /// The zone the time was read in, as given: `Europe/Berlin`, `+05:30`, `UTC`, `LMT`.
    public var zone: String?
    /// The place's name, as the gazetteer found it: `Ulm, Baden-Wuerttemberg, Germany`.
    public var place: String?
    /// Degrees, north positive.
    public var latitude: Double?
    /// Degrees, east positive.
    public var longitude: Double?

    /// The details a source gave; leave out what it did not.
    public init(date: String? = nil, time: String? = nil, zone: String? = nil, place: String? = nil, latitude: Double? = nil,
                longitude: Double? = nil) {
        self.date = date
        self.time = time
        self.zone = zone
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when there is nothing to show.
    public var isEmpty: Bool { summary.isEmpty }

    /// One line of what is known: `1990-05-15 10:30 Europe/Berlin · Ulm, Baden-Wuerttemberg, Germany (48°24′ N, 9°59′ E)`; the
    /// coordinates alone where there is no place name; empty when nothing is known.
    public var summary: String { summary(in: nil) }

    /// `summary` as `terms`' language writes it: the date (`15. Mai 1990`, `1990年5月15日`) and the compass points
    /// (`9°59′ O`, `北纬48°24′`); nil terms: the date as given, English compass points. The time, the zone and the
    /// place's name stay as they are.
    public func summary(in terms: Terms?) -> String {
        let day = date.flatMap { date in terms.flatMap { $0.date(iso: date) } ?? date }
        let when = [day, time, zone].compactMap { $0.flatMap(Self.shown) }.joined(separator: " ")
        var coordinates: String?
        if let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 {
            let terms = terms ?? Language.en.terms
            coordinates = Self.degrees(latitude, .north, .south, terms) + terms.listSeparator + Self.degrees(longitude, .east, .west, terms)
        }
        let placeName = place.flatMap(Self.shown)
        let whereText: String? = switch (placeName, coordinates) {
        case let (name?, at?): "\(name) (\(at))"
        case let (name?, nil): name
        case let (nil, at?): at
        case (nil, nil): nil
        }
        return [when.isEmpty ? nil : when, whereText].compactMap { $0 }.joined(separator: Self.separator)
    }

    /// What `summary` puts between the time and the place: where a narrow line breaks it in two.
    public static let separator = " · "

    /// `text` as one line of at most 100 characters, controls (line breaks too) left out; nil when blank.
    private static func shown(_ text: String) -> String? {
        let line = ChartLimits.showable(text, limit: 100)
        return line.isEmpty ? nil : line
    }

    /// `48°24′ N`: to the nearest minute (45.7491° is 45°45′). A place is not an angle of the chart, whose
    /// minutes are rounded down so that a body never shows in the next sign.
    private static func degrees(_ value: Double, _ positive: CompassPoint, _ negative: CompassPoint, _ terms: Terms) -> String {
        let total = Int((abs(value) * 60).rounded())
        let minutes = total % 60 < 10 ? "0\(total % 60)" : "\(total % 60)"
        return terms.coordinate("\(total / 60)°\(minutes)′", value < 0 && total > 0 ? negative : positive)
    }
}
