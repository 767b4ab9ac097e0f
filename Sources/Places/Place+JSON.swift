import Foundation

extension Place {
    /// Places as a JSON array of {name, country, country_code, admin1, latitude, longitude, zone, population, id,
    /// label}, one a line: `wheel place --json` and the server's `/v1/places`.
    public static func json(_ places: [Place]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        func string(_ text: String) -> String { String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self) }
        let objects = places.map { place in
            "{\"name\":\(string(place.name)),\"country\":\(string(place.country)),\"country_code\":\(string(place.countryCode)),"
                + "\"admin1\":\(string(place.admin1 ?? place.admin1Code)),\"latitude\":\(place.latitude),\"longitude\":\(place.longitude),"
                + "\"zone\":\(string(place.zone)),\"population\":\(place.population),\"id\":\(place.id),\"label\":\(string(place.label))}"
        }
        return "[" + objects.joined(separator: ",\n") + "]\n"
    }
}
