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
        // Written straight into bytes, every request's answer: building a `JSONText` first was most of its time.
        var out = JSONBytes()
        let houses = chart.bodies.map { $0.house ?? chart.house(of: $0.longitude) }
        out.raw("{\"planets\":[")
        for (index, body) in chart.bodies.enumerated() {
            if index > 0 { out.raw(",") }
            writeBody(body, to: &out)
            out.raw(",\"norm_degree\":"); out.number(degreeInSign(body.longitude))
            out.raw(",\"speed\":"); out.number(body.speed ?? 0)
            out.raw(body.retrograde ? ",\"is_retro\":\"true\"" : ",\"is_retro\":\"false\"")
            out.raw(",\"house\":"); out.int(houses[index])
            out.raw("}")
        }
        out.raw("],\"houses\":[")
        for house in 1...12 {
            if house > 1 { out.raw(",") }
            let start = chart.cusps[house - 1]
            out.raw("{\"house_id\":"); out.int(house)
            out.raw(",\"sign\":"); out.string(ZodiacSign(longitude: start).name)
            out.raw(",\"start_degree\":"); out.number(start)
            out.raw(",\"end_degree\":"); out.number(chart.cusps[house % 12])
            out.raw(",\"planets\":[")
            var first = true
            for (body, bodyHouse) in zip(chart.bodies, houses) where bodyHouse == house {
                if !first { out.raw(",") }
                first = false
                writeBody(body, to: &out)
                out.raw(body.retrograde ? ",\"is_retro\":\"true\"}" : ",\"is_retro\":\"false\"}")
            }
            out.raw("]}")
        }
        out.raw("],\"aspects\":[")
        for (index, aspect) in (chart.aspects ?? []).enumerated() {
            if index > 0 { out.raw(",") }
            let separation = AspectFinder.separation(chart.body(aspect.first)?.longitude ?? 0, chart.body(aspect.second)?.longitude ?? 0)
            out.raw("{\"aspecting_planet\":"); out.string(serviceName(aspect.first))
            out.raw(",\"aspected_planet\":"); out.string(serviceName(aspect.second))
            out.raw(",\"type\":"); out.string(aspect.kind.displayName)
            out.raw(",\"orb\":"); out.number(aspect.orb ?? abs(separation - aspect.kind.angle))
            out.raw(",\"diff\":"); out.number(separation)
            out.raw("}")
        }
        out.raw("],\"ascendant\":"); out.number(chart.ascendant)
        out.raw(",\"midheaven\":"); out.number(chart.midheaven)
        out.raw("}")
        return out.data
    }

    /// A body's entry as its name, sign and longitude open it, in `planets` and in a house's `planets` alike.
    private static func writeBody(_ body: Body, to out: inout JSONBytes) {
        out.raw("{\"name\":"); out.string(serviceName(body.id))
        out.raw(",\"sign\":"); out.string(body.sign.name)
        out.raw(",\"full_degree\":"); out.number(body.longitude)
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
