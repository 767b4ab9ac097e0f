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
        var body: [String: JSONText] = [
            "day": .int(birth.day), "month": .int(birth.month), "year": .int(birth.year),
            "hour": .int(birth.hour), "min": .int(birth.minute),
            "lat": .compact(birth.latitude), "lon": .compact(birth.longitude),
            "tzone": .compact((offset - birth.second) / 3600),
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
        return JSONText.sorted(body).data
    }

    /// FreeAstrologyAPI's body: `year, month, date, hours, minutes, seconds, latitude, longitude, timezone,
    /// config{observation_point, ayanamsha, house_system, language}`; for `natal-wheel-chart` the config also
    /// carries the wheel's options, its language among them (the data's stays English: its names are what the
    /// decoder reads).
    static func freeAstrologyAPI(_ birth: Birth, houseSystem: HouseSystem, wheel options: RenderOptions? = nil) throws -> Data {
        let offset = try birth.instant().utcOffset
        var config: [String: JSONText] = [
            "observation_point": .string("geocentric"), "ayanamsha": .string("tropical"),
            "house_system": .string(freeAstrologyAPIHouseSystem(houseSystem)), "language": .string("en"),
        ]
        if let options {
            func name(_ option: RenderOption) -> String { option.freeAstrologyAPIName! }
            config[name(.language)] = .string(options.language.rawValue)
            if !options.excludePlanets.isEmpty {
                config[name(.excludePlanets)] = .array(options.excludePlanets.map(\.displayName).sorted().map { .string($0) })
            }
            if let allowed = options.allowedAspects {
                config[name(.allowedAspects)] = .array(allowed.map(\.displayName).sorted().map { .string($0) })
            }
            if !options.aspectLineColors.isEmpty {
                config[name(.aspectLineColors)] = .sorted(Dictionary(uniqueKeysWithValues: options.aspectLineColors.map { ($0.key.displayName, .string($0.value.hex)) }))
            }
            if !options.orbValues.isEmpty {
                config[name(.orbValues)] = .sorted(Dictionary(uniqueKeysWithValues: options.orbValues.map { ($0.key.displayName, .compact($0.value)) }))
            }
            let colours: [(RenderOption, Colour?)] = [
                (.signBackground, options.signBackground), (.chartBackgroundColor, options.chartBackgroundColor),
                (.signIconColor, options.signIconColor), (.cuspLineColor, options.cuspLineColor), (.planetIconColor, options.planetIconColor),
            ]
            let wheelColours = colours.compactMap { option, colour in colour.map { (name(option), JSONText.string($0.hex)) } }
            if !wheelColours.isEmpty { config[name(.wheelChartColors)] = .sorted(Dictionary(uniqueKeysWithValues: wheelColours)) }
        }
        let whole = birth.second.rounded(.down)
        let body: [String: JSONText] = [
            "year": .int(birth.year), "month": .int(birth.month), "date": .int(birth.day),
            "hours": .int(birth.hour), "minutes": .int(birth.minute), "seconds": .int(Int(whole)),
            "latitude": .compact(birth.latitude), "longitude": .compact(birth.longitude),
            "timezone": .compact((offset - (birth.second - whole)) / 3600),
            "config": .sorted(config),
        ]
        return JSONText.sorted(body).data
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

