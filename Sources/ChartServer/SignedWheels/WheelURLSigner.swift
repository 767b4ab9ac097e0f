import ChartModel
import Crypto
import Ephemeris
import Foundation
import WheelRender

/// What a signed chart URL carries: the birth, the house system, the wheel's options and the format. Enough for any
/// replica to render the wheel with no storage.
struct SignedWheelRequest: Sendable {
    /// The birth and the house system to compute.
    var birth: BirthRequest
    /// The wheel's options by our names, as compact JSON (what `RenderOptions.decode(json:)` reads).
    var optionsJSON: Data
    /// SVG or PNG.
    var format: RenderOptions.ImageType
}

/// Signs and checks the self-contained wheel URLs a drop-in's wheel endpoint answers with. A URL's last path
/// segment is `PAYLOAD.EXPIRY.MAC.svg` (or `.png`):
///
/// - `PAYLOAD`: base64url (no padding) of four lines, `v1`, the birth as our birth object (`date`, `time`, `zone`,
///   `latitude`, `longitude`, `house_system`) in compact JSON, the format, the options in compact JSON (their
///   `language` too, the request's or its `Accept-Language`'s: a URL draws the same words whoever fetches it);
/// - `EXPIRY`: when the URL stops working, in Unix seconds;
/// - `MAC`: base64url of HMAC-SHA256, with the operators' secret, over `chart-wheel-url`, the payload, the expiry
///   and the extension, so that changing any part (the extension included) is refused.
///
/// The payload is at most `maximumPayloadBytes` before encoding: a URL stays well under the 8 KB request line
/// that nginx and most proxies take by default.
struct WheelURLSigner: Sendable {
    private let key: SymmetricKey

    /// The largest payload signed, in bytes before base64url: about 2.8 KB of URL with the rest.
    static let maximumPayloadBytes = 2048
    /// The longest token read: a longer one cannot be one of ours, and is refused before any work.
    static let maximumTokenLength = (maximumPayloadBytes + 2) / 3 * 4 + 64
    /// The longest time a cache is told to keep a wheel, in seconds (a day), however long the URL lives.
    static let maximumCacheSeconds = 86_400

    /// A signer with `secret`, shared by every replica that must render the others' URLs.
    init(secret: [UInt8]) { key = SymmetricKey(data: secret) }

    /// A signer with a random 256-bit key: its URLs work on this process only.
    static func random() -> WheelURLSigner {
        WheelURLSigner(secret: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// Why a request cannot be signed.
    enum SigningProblem: Error, Equatable {
        /// The payload would be `bytes` long, more than `maximumPayloadBytes`.
        case tooLong(bytes: Int)
    }

    /// The URL path's last segment for `request`, valid until `expiry` (Unix seconds).
    func token(for request: SignedWheelRequest, expiry: Int) throws(SigningProblem) -> String {
        var birth: [(String, JSONText)] = [
            ("date", .string(Self.dateText(request.birth.birth))),
            ("time", .string(Self.timeText(request.birth.birth))),
            ("zone", .string(Self.zoneText(request.birth.birth.zone))),
            ("latitude", .number(request.birth.birth.latitude)),
            ("longitude", .number(request.birth.birth.longitude)),
        ]
        if let system = request.birth.houseSystem { birth.append(("house_system", .string(system.rawValue))) }
        if request.birth.birth.fold != .earlier { birth.append(("fold", .string(request.birth.birth.fold.rawValue))) }
        if let deltaT = request.birth.birth.deltaT { birth.append(("delta_t", .number(deltaT))) }
        birth += Self.settingsFields(request.birth.settings)
        var payload = Data("v1\n".utf8)
        payload += JSONText.object(birth).data
        payload += Data("\n\(request.format.rawValue)\n".utf8)
        payload += request.optionsJSON
        guard payload.count <= Self.maximumPayloadBytes else { throw .tooLong(bytes: payload.count) }
        let encoded = Self.base64URL(payload)
        let expiryText = String(expiry)
        return "\(encoded).\(expiryText).\(mac(encoded, expiryText, request.format.rawValue)).\(request.format.rawValue)"
    }

    /// The birth object's fields for `settings` that are not the default's, so that the URL draws the chart the
    /// request asked for (FreeAstrologyAPI's asteroids, zodiac and observer).
    static func settingsFields(_ settings: ChartSettings) -> [(String, JSONText)] {
        var fields: [(String, JSONText)] = []
        if settings.asteroids { fields.append(("asteroids", .bool(true))) }
        if case .sidereal(let ayanamsa) = settings.zodiac { fields.append(("ayanamsa", .string(ayanamsa.rawValue))) }
        if case .topocentric(let elevation) = settings.observer {
            fields.append(("topocentric", .bool(true)))
            if elevation != 0 { fields.append(("elevation", .number(elevation))) }
        }
        return fields
    }

    /// Why a token is refused: 403 for one not made with this key (or changed since), 410 for one expired,
    /// 400 for one signed but not readable by this version.
    enum Refusal: Error, Equatable {
        case notOurs
        case expired(at: Int)
        case unreadable(String)
    }

    /// A token that checked out: the request, when it expires, and its entity tag.
    struct Verified: Sendable {
        /// What to render.
        var request: SignedWheelRequest
        /// Unix seconds.
        var expiry: Int
        /// A strong entity tag, quoted: a digest of the signed part of the URL, so the same URL always has it.
        var entityTag: String
        /// The language of the wheel's words, as its options say (English when they name none).
        var language: Language
    }

    /// `token` checked at `now`: the signature first (in constant time), then the expiry, then the payload read.
    func verify(_ token: String, now: Date) throws(Refusal) -> Verified {
        guard token.utf8.count <= Self.maximumTokenLength else { throw .notOurs }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, let format = RenderOptions.ImageType(rawValue: String(parts[3])) else { throw .notOurs }
        let (encoded, expiryText, macText) = (String(parts[0]), String(parts[1]), String(parts[2]))
        guard !encoded.isEmpty, encoded.utf8.allSatisfy(Self.isBase64URL),
              (1...12).contains(expiryText.utf8.count), expiryText.utf8.allSatisfy({ (48...57).contains($0) }), let expiry = Int(expiryText),
              let given = Self.decodeBase64URL(macText), given.count == SHA256.byteCount else { throw .notOurs }
        let signed = Self.signedText(encoded, expiryText, format.rawValue)
        guard HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(signed.utf8), using: key) else { throw .notOurs }
        guard now.timeIntervalSince1970 < Double(expiry) else { throw .expired(at: expiry) }
        guard let payload = Self.decodeBase64URL(encoded) else { throw .unreadable("its request is not base64url") }
        let lines = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0].elementsEqual("v1".utf8), lines[2].elementsEqual(format.rawValue.utf8) else {
            throw .unreadable("its request is not one this version reads")
        }
        do {
            let birth = try BirthRequest.decode(Data(lines[1]))
            let optionsJSON = Data(lines[3])
            let options = try RenderOptions.decode(json: optionsJSON)
            let digest = SHA256.hash(data: Data(signed.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
            return Verified(request: SignedWheelRequest(birth: birth, optionsJSON: optionsJSON, format: format), expiry: expiry,
                            entityTag: "\"\(digest)\"", language: options.language)
        } catch {
            throw .unreadable(error.description)
        }
    }

    private func mac(_ encoded: String, _ expiry: String, _ ext: String) -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(Self.signedText(encoded, expiry, ext).utf8), using: key)))
    }

    private static func signedText(_ encoded: String, _ expiry: String, _ ext: String) -> String {
        "chart-wheel-url\n\(encoded)\n\(expiry)\n\(ext)"
    }

    // MARK: Text

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == 45 || byte == 95
    }

    static func base64URL(_ data: Data) -> String {
        String(data.base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        guard text.utf8.allSatisfy(isBase64URL), text.utf8.count % 4 != 1 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func dateText(_ birth: Birth) -> String {
        "\(birth.year)-\(two(birth.month))-\(two(birth.day))"  // the supported years have four digits
    }

    /// `10:30`, `10:30:15`, `10:30:15.25`: what our birth object's `time` reads back to the same wall time (a
    /// fraction to the nanosecond).
    static func timeText(_ birth: Birth) -> String {
        let clock = "\(two(birth.hour)):\(two(birth.minute))"
        guard birth.second != 0 else { return clock }
        var seconds = String(format: "%012.9f", min(birth.second, 59.999999999))  // "05.250000000"
        while seconds.hasSuffix("0") { seconds.removeLast() }
        if seconds.hasSuffix(".") { seconds.removeLast() }
        return clock + ":" + seconds
    }

    /// `America/New_York`, `+05:30`, `-04:00:30`, `UTC`, `LMT`: what `BirthZone.init` reads back to the same zone.
    static func zoneText(_ zone: BirthZone) -> String {
        switch zone {
        case .iana(let name): return name
        case .utc: return "UTC"
        case .localMeanTime: return "LMT"
        case .offset(let seconds):
            let magnitude = abs(seconds)
            let text = (seconds < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
            return magnitude % 60 == 0 ? text : text + ":" + two(magnitude % 60)
        }
    }
}
