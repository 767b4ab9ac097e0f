import ChartModel
import Ephemeris
import Foundation
import WheelRender

/// The request bodies each service expects for a birth: its own field names, its own house system names, and
/// the zone as the offset in force at the birth (what `Birth` reads from the tz database or local mean time).
enum RequestBodies {
    /// AstrologyAPI's body: `day, month, year, hour, min, lat, lon, tzone, house_type`; for `natal_wheel_chart`
    /// also its image options. The service takes whole minutes: a birth's seconds go into `tzone`, so that the
    /// moment it computes for is still the birth's.
    static func astrologyAPI(_ birth: Birth, houseSystem: HouseSystem, wheel options: RenderOptions? = nil) throws -> Data {
        let offset = try birth.instant().utcOffset
        var body: [String: JSONValue] = [
            "day": .int(birth.day), "month": .int(birth.month), "year": .int(birth.year),
            "hour": .int(birth.hour), "min": .int(birth.minute),
            "lat": .number(birth.latitude), "lon": .number(birth.longitude),
            "tzone": .number((offset - birth.second) / 3600),
            "house_type": .string(try astrologyAPIHouseType(houseSystem)),
        ]
        if let options {
            body[RenderOption.imageType.astrologyAPIName!] = .string((options.imageType ?? .svg).rawValue)
            body[RenderOption.chartSize.astrologyAPIName!] = .int(options.chartSize)
            let colours: [(RenderOption, Colour?)] = [
                (.planetIconColor, options.planetIconColor), (.innerCircleBackground, options.innerCircleBackground),
                (.signIconColor, options.signIconColor), (.signBackground, options.signBackground),
            ]
            for (option, colour) in colours { if let colour, let name = option.astrologyAPIName { body[name] = .string(colour.hex) } }
        }
        return JSONValue.object(body).data
    }

    /// FreeAstrologyAPI's body: `year, month, date, hours, minutes, seconds, latitude, longitude, timezone,
    /// config{observation_point, ayanamsha, house_system, language}`; for `natal-wheel-chart` the config also
    /// carries the wheel's options.
    static func freeAstrologyAPI(_ birth: Birth, houseSystem: HouseSystem, wheel options: RenderOptions? = nil) throws -> Data {
        let offset = try birth.instant().utcOffset
        var config: [String: JSONValue] = [
            "observation_point": .string("geocentric"), "ayanamsha": .string("tropical"),
            "house_system": .string(freeAstrologyAPIHouseSystem(houseSystem)), "language": .string("en"),
        ]
        if let options {
            func name(_ option: RenderOption) -> String { option.freeAstrologyAPIName! }
            if !options.excludePlanets.isEmpty {
                config[name(.excludePlanets)] = .array(options.excludePlanets.map(\.displayName).sorted().map { .string($0) })
            }
            if let allowed = options.allowedAspects {
                config[name(.allowedAspects)] = .array(allowed.map(\.displayName).sorted().map { .string($0) })
            }
            if !options.aspectLineColors.isEmpty {
                config[name(.aspectLineColors)] = .object(Dictionary(uniqueKeysWithValues: options.aspectLineColors.map { ($0.key.displayName, .string($0.value.hex)) }))
            }
            if !options.orbValues.isEmpty {
                config[name(.orbValues)] = .object(Dictionary(uniqueKeysWithValues: options.orbValues.map { ($0.key.displayName, .number($0.value)) }))
            }
            let colours: [(RenderOption, Colour?)] = [
                (.signBackground, options.signBackground), (.chartBackgroundColor, options.chartBackgroundColor),
                (.signIconColor, options.signIconColor), (.cuspLineColor, options.cuspLineColor), (.planetIconColor, options.planetIconColor),
            ]
            let wheelColours = colours.compactMap { option, colour in colour.map { (name(option), JSONValue.string($0.hex)) } }
            if !wheelColours.isEmpty { config[name(.wheelChartColors)] = .object(Dictionary(uniqueKeysWithValues: wheelColours)) }
        }
        let whole = birth.second.rounded(.down)
        let body: [String: JSONValue] = [
            "year": .int(birth.year), "month": .int(birth.month), "date": .int(birth.day),
            "hours": .int(birth.hour), "minutes": .int(birth.minute), "seconds": .int(Int(whole)),
            "latitude": .number(birth.latitude), "longitude": .number(birth.longitude),
            "timezone": .number((offset - (birth.second - whole)) / 3600),
            "config": .object(config),
        ]
        return JSONValue.object(body).data
    }

    /// AstrologyAPI's names (its own spelling `poryphry` included); it has no Regiomontanus or Campanus.
    static func astrologyAPIHouseType(_ system: HouseSystem) throws(ServiceError) -> String {
        switch system {
        case .placidus: "placidus"
        case .koch: "koch"
        case .porphyry: "poryphry"
        case .equal: "equal_house"
        case .wholeSign: "whole_sign"
        case .regiomontanus, .campanus:
            throw ServiceError.unsupportedHouseSystem(.astrologyAPI, system)
        }
    }

    static func freeAstrologyAPIHouseSystem(_ system: HouseSystem) -> String {
        switch system {
        case .wholeSign: "Whole Signs"
        case .equal: "Equal Houses"
        default: system.displayName
        }
    }
}

/// A JSON value written with sorted keys, so that equal bodies are equal bytes (and stand-ins can compare them).
indirect enum JSONValue {
    case int(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    var data: Data {
        var text = ""
        write(to: &text)
        return Data(text.utf8)
    }

    private func write(to text: inout String) {
        switch self {
        case .int(let value): text += String(value)
        case .number(let value): text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .string(let value): text += String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                JSONValue.string(key).write(to: &text)
                text += ":"
                fields[key]!.write(to: &text)
            }
            text += "}"
        }
    }
}
