import ArgumentParser
import Foundation
import Places

extension Wheel {
    /// `wheel place QUERY`: birthplaces by name, offline.
    struct FindPlace: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "place",
            abstract: "Find a birthplace by name, offline: its coordinates, IANA zone and population.",
            discussion: """
                Every populated place of at least 1,000 people, by its own name or another one (Wien, Bombay, \
                Москва), with case, accents and punctuation ignored (Koln, Sao Paulo), St. for Saint, and one or two \
                typing mistakes; a qualifier after a comma is a country or a first-level division (code or name): \
                "Paris, TX", "Hyderabad, Telangana", "Gori, GE". Best first: how likely a person means the place, its \
                population weighed against how well the name matched. \
                The same names go to --place of chart, render, layout, grid, table and natal, and to "place" in a \
                birth file. No match is exit 65, with the nearest names.

                \(Gazetteer.attribution) \(Gazetteer.zoneAttribution)
                """)

        @Argument(help: "A place name, optionally followed by \", COUNTRY\" or \", DIVISION\".")
        var query: String

        @Option(help: "At most this many places (1 to 100).")
        var limit = 10

        @Flag(help: "A JSON array of {name, country, country_code, admin1, latitude, longitude, zone, population, id, label}.")
        var json = false

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit takes 1 to 100.") }
        }

        func run() throws {
            try reportingFailures {
                let matches: [PlaceMatch]
                do {
                    matches = try Gazetteer.search(query, limit: limit)
                } catch {
                    throw Failure(code: Failure.dataError, message: "\(error)")
                }
                if matches.isEmpty {
                    let suggestions = Gazetteer.suggestions(for: query).map(\.label)
                    throw Failure(code: Failure.dataError, message: "no place matches the name"
                        + (suggestions.isEmpty ? "" : "; nearest names: " + suggestions.joined(separator: "; ")))
                }
                let text = json ? Place.json(matches.map(\.place)) : matches.map(Self.line).joined()
                try Output.writeToStandardOutput(Data(text.utf8))
            }
        }

        /// `Paris, Texas, United States  33.6609, -95.5555  America/Chicago  population 24782  geonames 4717560`.
        static func line(_ match: PlaceMatch) -> String {
            let how = switch match.kind {
            case .name: ""
            case .alternateName: "  (other name)"
            case .prefix: "  (starts so)"
            case .typo(let edits): "  (\(edits) typing mistake\(edits == 1 ? "" : "s"))"
            }
            let place = match.place
            return "\(place.label)  \(place.latitude), \(place.longitude)  \(place.zone)  population \(place.population)  geonames \(place.id)\(how)\n"
        }
    }
}
