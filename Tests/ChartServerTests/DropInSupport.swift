@testable import ChartServer
import ChartModel
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Support
import TestSupport

/// The accounts and keys the drop-in tests configure, and the secret their URLs are signed with.
enum TestKeys {
    static let userID = "user-4711"
    static let apiKey = "ak-secret-0123456789"
    static let freeKey = "free-secret-0123456789"
    static let urlSecret = Array("a-url-secret-of-at-least-32-bytes-0123456789".utf8)

    static var apiKeys: APIKeys {
        var keys = APIKeys()
        keys.astrologyAPI = [.init(userID: "someone-else", apiKey: "another-key-000"), .init(userID: userID, apiKey: apiKey)]
        keys.freeAstrologyAPI = ["another-free-key-000", freeKey]
        return keys
    }

    static var basic: String { "Basic " + Data("\(userID):\(apiKey)".utf8).base64EncodedString() }

    /// A configuration with the test keys (or none) and the test secret.
    static func configuration(keys: APIKeys = apiKeys, secret: [UInt8]? = urlSecret) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.apiKeys = keys
        configuration.urlSecret = secret
        return configuration
    }
}

/// A sample's birth, as the reference file gives it, in each service's request body.
struct SampleBirth: Sendable {
    let id: String
    let year: Int, month: Int, day: Int, hour: Int, minute: Int
    /// Hours east of UTC, as both services take the zone.
    let offsetHours: Double
    let latitude: Double, longitude: Double

    init(_ id: String) throws {
        self.id = id
        let reference = try JSONSerialization.jsonObject(with: try SampleCharts.data(id, shape: "reference")) as! [String: Any]
        let input = reference["input"] as! [String: Any]
        let date = (input["date"] as! String).split(separator: "-").map { Int($0)! }
        let time = (input["time"] as! String).split(separator: ":").map { Int($0)! }
        (year, month, day, hour, minute) = (date[0], date[1], date[2], time[0], time[1])
        offsetHours = (input["utc_offset_seconds"] as! Double) / 3600
        latitude = input["latitude"] as! Double
        longitude = input["longitude"] as! Double
    }

    /// The samples' houses: Placidus, but Porphyry at Tromsø, where Placidus is undefined.
    var houseSystem: String { id == "e_1985_tromso" ? "porphyry" : "placidus" }

    /// AstrologyAPI's body, with `extra` fields (the wheel's options).
    func astrologyAPIBody(_ extra: [String: Any] = [:]) -> Data {
        var body: [String: Any] = ["day": day, "month": month, "year": year, "hour": hour, "min": minute,
                                   "lat": latitude, "lon": longitude, "tzone": offsetHours, "house_type": houseSystem]
        for (key, value) in extra { body[key] = value }
        return try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// FreeAstrologyAPI's body, with `config` members added (the wheel's options).
    func freeAstrologyAPIBody(config extra: [String: Any] = [:]) -> Data {
        var config: [String: Any] = ["observation_point": "geocentric", "ayanamsha": "tropical", "house_system": houseSystem, "language": "en"]
        for (key, value) in extra { config[key] = value }
        let body: [String: Any] = ["year": year, "month": month, "date": day, "hours": hour, "minutes": minute, "seconds": 0,
                                   "latitude": latitude, "longitude": longitude, "timezone": offsetHours, "config": config]
        return try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }
}

extension TestResponse {
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] }
    var data: Data { Data(buffer: body) }
}

extension Data {
    var jsonObject: Any? { try? JSONSerialization.jsonObject(with: self) }
}

/// The path (and query) of a chart URL, to ask the server under test for it.
func pathOf(_ url: String) -> String {
    let components = URLComponents(string: url)!
    return components.percentEncodedPath
}

/// Log lines kept for a test to read.
final class LogRecord: Sendable {
    let lines = Locked<[(Logger.Level, String)]>([])

    var logger: Logger {
        Logger(label: "test") { _ in Handler(record: self) }
    }

    var messages: [String] { lines.withLock { $0.map(\.1) } }

    struct Handler: LogHandler {
        let record: LogRecord
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            record.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}
