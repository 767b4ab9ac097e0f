import ChartModel
import Foundation

/// AstrologyAPI.com's answers, written from a `NatalChart`: what `POST /v1/western_chart_data` returns, in the
/// shape of the service's own (its field names and order, `is_retro` as the string `"true"` or `"false"`), so
/// that an app's existing client reads it unchanged, and `ChartDecoder` reads it back to the same bodies, cusps,
/// angles and aspects.
public enum AstrologyAPIAnswer {
    /// `{"planets": […], "houses": […], "aspects": […], "ascendant": …, "midheaven": …}`. Every body of the chart
    /// is a planet (the service's names: `Node` for the true node; the points it may add, `Part of Fortune`,
    /// `Chiron`, by their names); a speed the chart lacks (the Part of Fortune's) is written 0, as the service
    /// writes the Ascendant's. `diff` is the bodies' separation (0…180), `orb` the chart's.
    public static func westernChartData(_ chart: NatalChart) -> Data {
        let planets = chart.bodies.map { body -> JSONText in
            .object([
                ("name", .string(serviceName(body.id))),
                ("sign", .string(body.sign.name)),
                ("full_degree", .number(body.longitude)),
                ("norm_degree", .number(degreeInSign(body.longitude))),
                ("speed", .number(body.speed ?? 0)),
                ("is_retro", .string(body.retrograde ? "true" : "false")),
                ("house", .int(body.house ?? chart.house(of: body.longitude))),
            ])
        }
        let houses = (0..<12).map { index -> JSONText in
            let start = chart.cusps[index]
            let residents = chart.bodies.filter { ($0.house ?? chart.house(of: $0.longitude)) == index + 1 }
            return .object([
                ("house_id", .int(index + 1)),
                ("sign", .string(ZodiacSign(longitude: start).name)),
                ("start_degree", .number(start)),
                ("end_degree", .number(chart.cusps[(index + 1) % 12])),
                ("planets", .array(residents.map { body in
                    .object([
                        ("name", .string(serviceName(body.id))),
                        ("sign", .string(body.sign.name)),
                        ("full_degree", .number(body.longitude)),
                        ("is_retro", .string(body.retrograde ? "true" : "false")),
                    ])
                })),
            ])
        }
        let longitudes = Dictionary(chart.bodies.map { ($0.id, $0.longitude) }, uniquingKeysWith: { first, _ in first })
        let aspects = (chart.aspects ?? []).map { aspect -> JSONText in
            let separation = AspectFinder.separation(longitudes[aspect.first] ?? 0, longitudes[aspect.second] ?? 0)
            return .object([
                ("aspecting_planet", .string(serviceName(aspect.first))),
                ("aspected_planet", .string(serviceName(aspect.second))),
                ("type", .string(aspect.kind.displayName)),
                ("orb", .number(aspect.orb ?? abs(separation - aspect.kind.angle))),
                ("diff", .number(separation)),
            ])
        }
        return JSONText.object([
            ("planets", .array(planets)),
            ("houses", .array(houses)),
            ("aspects", .array(aspects)),
            ("ascendant", .number(chart.ascendant)),
            ("midheaven", .number(chart.midheaven)),
        ]).data
    }

    /// The services' name of a body: `Node` for the true node (both write it so), else the body's own name.
    static func serviceName(_ id: BodyID) -> String {
        id == .northNode ? "Node" : id.displayName
    }

    /// Degrees into the sign, 0..<30.
    static func degreeInSign(_ longitude: Double) -> Double {
        longitude - Double(ZodiacSign(longitude: longitude).rawValue) * 30
    }
}
