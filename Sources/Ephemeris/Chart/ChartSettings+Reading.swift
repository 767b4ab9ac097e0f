import ChartModel
import Support

/// Chart settings from what users write: the one place where the options' choices (flags, options files, request
/// bodies, a birth object's fields) become the `ChartSettings` a chart is computed with.
extension ChartSettings {
    /// `base` (the birth's own settings) with the choices `choices` makes: a choice given wins, one not given keeps
    /// the base's. Errors name the choice (`ayanamsa: "lahri" is not a known zodiac …`, `elevation: …`).
    public init(_ choices: ChartSettingsChoices, over base: ChartSettings = ChartSettings()) throws(ChartError) {
        self = base
        if let asteroids = choices.asteroids { self.asteroids = asteroids }
        if let name = choices.ayanamsa { zodiac = try Zodiac(named: name) }
        if let elevation = choices.elevation {
            guard elevation.isFinite, ChartSettingsChoices.elevationRange.contains(elevation) else {
                let range = ChartSettingsChoices.elevationRange
                let shown = elevation.rounded() == elevation && abs(elevation) < 1e9 ? String(Int(elevation)) : String(elevation)
                throw ChartError("elevation", "\(shown) m is outside \(Int(range.lowerBound))…\(Int(range.upperBound)) m")
            }
        }
        switch (choices.topocentric, choices.elevation) {
        case (false?, .some):
            // A height for a chart seen from the Earth's centre would be dropped without a word.
            throw ChartError("elevation", "applies to a topocentric chart; give topocentric: true (--topocentric) with it", kind: .conflict)
        case (false?, nil): observer = .geocentric
        case (true?, let elevation): observer = .topocentric(elevation: elevation ?? base.elevation)
        case (nil, let elevation?):
            guard case .topocentric = base.observer else {
                throw ChartError("elevation", "applies to a topocentric chart; give topocentric: true (--topocentric) with it", kind: .conflict)
            }
            observer = .topocentric(elevation: elevation)
        case (nil, nil): break
        }
    }

    /// The observer's height in metres: 0 seen from the Earth's centre.
    var elevation: Double {
        if case .topocentric(let elevation) = observer { return elevation }
        return 0
    }
}

extension Zodiac {
    /// The zodiac a name gives, in any case, with `-` or a space for `_`: `tropical` (or `sayana`, FreeAstrologyAPI's
    /// word for it), or an ayanamsa's name (`lahiri`, `fagan_bradley`, …, or another of its names: `chitrapaksha`, `kp`), sidereal. An unknown name is an error
    /// at `ayanamsa` that lists the names known.
    public init(named name: String) throws(ChartError) {
        let word = name.trimmingWhitespace().lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if Self.tropicalNames.contains(word) {
            self = .tropical
        } else if let ayanamsa = Ayanamsa.byName[Ayanamsa.squeezed(word)] {
            self = .sidereal(ayanamsa)
        } else {
            throw ChartError("ayanamsa", "\(quote(name)) is not a known zodiac" + didYouMean(word, among: Self.names)
                             + "; known: " + Self.names.joined(separator: ", "))
        }
    }

    /// The names `init(named:)` reads, tropical first.
    public static var names: [String] { tropicalNames + Ayanamsa.allCases.map(\.rawValue) }

    private static let tropicalNames = ["tropical", "sayana"]

    /// The zodiac a chart's `zodiac` names (`chartLabel`'s words): tropical for none, nil for words no zodiac
    /// here has. What a chart read from JSON tells of the zodiac its transits must be computed in.
    public init?(chartLabel label: String?) {
        guard let label else {
            self = .tropical
            return
        }
        guard let ayanamsa = Ayanamsa.allCases.first(where: { Zodiac.sidereal($0).chartLabel == label }) else { return nil }
        self = .sidereal(ayanamsa)
    }

    /// The settings of transits over `inner`: `settings`, in the zodiac `inner` says it is counted in (a chart
    /// read from JSON says it in `zodiac`); an error when no zodiac here has its name.
    public static func transitSettings(_ settings: ChartSettings, over inner: NatalChart) throws(ChartError) -> ChartSettings {
        var settings = settings
        guard inner.zodiac != settings.zodiac.chartLabel else { return settings }
        guard let zodiac = Zodiac(chartLabel: inner.zodiac) else {
            throw ChartError("zodiac", "the chart's zodiac \(quote(inner.zodiac ?? "")) is none that transits can be computed in; known: "
                             + Ayanamsa.allCases.compactMap { Zodiac.sidereal($0).chartLabel }.joined(separator: "; "))
        }
        settings.zodiac = zodiac
        return settings
    }

    /// How the chart says it (`NatalChart.zodiac`): nil for tropical, the default, which goes unsaid;
    /// `Sidereal, Lahiri` for a sidereal zodiac.
    public var chartLabel: String? {
        guard case .sidereal(let ayanamsa) = self else { return nil }
        let special = ["fagan_bradley": "Fagan/Bradley"]
        let name = special[ayanamsa.rawValue]
            ?? ayanamsa.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return "Sidereal, \(name)"
    }
}
