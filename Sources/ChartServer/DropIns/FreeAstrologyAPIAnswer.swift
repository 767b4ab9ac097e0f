import ChartModel
import Foundation

/// FreeAstrologyAPI.com's answers, written from a `NatalChart`: what `POST /western/planets`, `/western/houses`
/// and `/western/aspects` return, each `{"status": "success", "data": {…}}` with the service's field names and
/// order, so that an app's existing client reads them unchanged and `ChartDecoder` reads the three back to the
/// same bodies, cusps, angles and aspects.
public enum FreeAstrologyAPIAnswer {
    /// `{"status": "success", "data": {"planets": [{name, full_degree, normalized_degree, speed, is_retrograde,
    /// sign_num, sign}]}}`: every body of the chart, then the `Ascendant` and the `MC` as the service lists angles
    /// (the MC so that the midheaven survives where it is not the tenth cusp: whole-sign and equal houses). A
    /// speed the chart lacks (the Part of Fortune's) is written 0, as the service writes the angles'.
    public static func planets(_ chart: NatalChart) -> Data {
        var entries = chart.bodies.sorted { serviceRank($0.id) < serviceRank($1.id) }.map { body in
            entry(name: AstrologyAPIAnswer.serviceName(body.id), longitude: body.longitude, speed: body.speed ?? 0, retrograde: body.retrograde)
        }
        entries.append(entry(name: "Ascendant", longitude: chart.ascendant, speed: 0, retrograde: false))
        entries.append(entry(name: "MC", longitude: chart.midheaven, speed: 0, retrograde: false))
        return success("planets", entries)
    }

    /// `{"status": "success", "data": {"houses": [{house_num, degree, normalized_degree, sign_num, sign}]}}`.
    public static func houses(_ chart: NatalChart) -> Data {
        success("houses", chart.cusps.enumerated().map { index, cusp in
            let sign = ZodiacSign(longitude: cusp)
            return .object([
                ("house_num", .int(index + 1)),
                ("degree", .number(cusp)),
                ("normalized_degree", .number(AstrologyAPIAnswer.degreeInSign(cusp))),
                ("sign_num", .int(sign.rawValue + 1)),
                ("sign", .string(sign.name)),
            ])
        })
    }

    /// `{"status": "success", "data": {"aspects": [{planet1_name, planet2_name, aspect_name, orb_degree}]}}`, the
    /// aspects by the service's names (`Octile` for the semi-square).
    public static func aspects(_ chart: NatalChart) -> Data {
        let longitudes = Dictionary(chart.bodies.map { ($0.id, $0.longitude) }, uniquingKeysWith: { first, _ in first })
        return success("aspects", (chart.aspects ?? []).map { aspect in
            let separation = AspectFinder.separation(longitudes[aspect.first] ?? 0, longitudes[aspect.second] ?? 0)
            return .object([
                ("planet1_name", .string(AstrologyAPIAnswer.serviceName(aspect.first))),
                ("planet2_name", .string(AstrologyAPIAnswer.serviceName(aspect.second))),
                ("aspect_name", .string(aspect.kind == .semiSquare ? "Octile" : aspect.kind.displayName)),
                ("orb_degree", .number(aspect.orb ?? abs(separation - aspect.kind.angle))),
            ])
        })
    }

    /// The service's order of the bodies besides the planets and the nodes: Chiron, Lilith, Ceres, Vesta, Juno,
    /// Pallas (as its documentation lists them); the others in chart order.
    static func serviceRank(_ id: BodyID) -> Int {
        let extras: [BodyID] = [.chiron, .lilith, .ceres, .vesta, .juno, .pallas, .partOfFortune]
        if let index = extras.firstIndex(of: id) { return 100 + index }
        return BodyID.allCases.firstIndex(of: id)!
    }

    /// `chart` without the bodies in `excluded` and their aspects: what `config.exclude_planets` asks of the
    /// service's planets, aspects and wheel.
    public static func leavingOut(_ excluded: Set<BodyID>, of chart: NatalChart) -> NatalChart {
        guard !excluded.isEmpty else { return chart }
        var chart = chart
        chart.bodies.removeAll { excluded.contains($0.id) }
        chart.aspects = chart.aspects?.filter { !excluded.contains($0.first) && !excluded.contains($0.second) }
        return chart
    }

    private static func entry(name: String, longitude: Double, speed: Double, retrograde: Bool) -> JSONText {
        let sign = ZodiacSign(longitude: longitude)
        return .object([
            ("name", .string(name)),
            ("full_degree", .number(longitude)),
            ("normalized_degree", .number(AstrologyAPIAnswer.degreeInSign(longitude))),
            ("speed", .number(speed)),
            ("is_retrograde", .bool(retrograde)),
            ("sign_num", .int(sign.rawValue + 1)),
            ("sign", .string(sign.name)),
        ])
    }

    private static func success(_ list: String, _ entries: [JSONText]) -> Data {
        JSONText.object([("status", .string("success")), ("data", .object([(list, .array(entries))]))]).data
    }
}
