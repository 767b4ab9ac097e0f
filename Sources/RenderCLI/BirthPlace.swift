import ChartModel
import BirthPlaces
import Ephemeris

extension BirthPlaceResolver {
    /// The flags' latitude, longitude and zone, with what `--place` and the coordinates' zone fill in, the place
    /// the chart records, the line that names an exactly matched place, and the warnings of finding them.
    func coordinates(place: String?, latitude: String?, longitude: String?, zone: String?) throws
        -> (latitude: Double, longitude: Double, zone: String, record: ChartPlace?, note: String?, warnings: [String]) {
        let found = try place.map { try self.place(named: $0) }
        let latitude = try latitude.map { try BirthFlags.number($0, field: "latitude") } ?? found!.latitude
        let longitude = try longitude.map { try BirthFlags.number($0, field: "longitude") } ?? found!.longitude
        let nearby = try zone == nil && found == nil ? self.place(nearLatitude: latitude, longitude: longitude) : nil
        let note = found.flatMap { found in found.warning == nil ? ResolvedPlace.note(query: place!, found) : nil }
        return (latitude, longitude, zone ?? found?.zone ?? nearby!.zone, found?.taken ?? nearby?.record, note,
                [found?.warning, nearby?.warning].compactMap { $0 })
    }
}
