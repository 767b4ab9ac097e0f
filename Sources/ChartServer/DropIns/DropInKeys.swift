import Crypto
import Foundation
import Hummingbird

/// Who may call a drop-in: AstrologyAPI's accounts by HTTP Basic (`user_id:api_key`) or the key alone in
/// `x-astrologyapi-key`; FreeAstrologyAPI's keys in `x-api-key`. A service with no keys configured is open.
/// Keys are compared as digests in constant time, every configured one each time, so that neither the time taken
/// nor its length tells a caller how close a guess came.
enum DropInKeys {
    /// Whether `request` carries a key of `service`, or `service` has none configured.
    static func admits(_ request: Request, to service: DropInService, keys: APIKeys) -> Bool {
        switch service {
        case .astrologyAPI:
            guard !keys.astrologyAPI.isEmpty else { return true }
            if let key = request.headers[.init("x-astrologyapi-key")!] {
                return matchesAny(key, keys.astrologyAPI.map(\.apiKey))
            }
            guard let (user, key) = basicCredentials(request.headers[.authorization]) else { return false }
            var found = false
            for account in keys.astrologyAPI {
                let userMatches = same(user, account.userID), keyMatches = same(key, account.apiKey)
                found = (userMatches && keyMatches) || found
            }
            return found
        case .freeAstrologyAPI:
            guard !keys.freeAstrologyAPI.isEmpty else { return true }
            guard let key = request.headers[.init("x-api-key")!] else { return false }
            return matchesAny(key, keys.freeAstrologyAPI)
        }
    }

    /// The user id and key of `Basic base64(user:key)`, nil for anything else.
    static func basicCredentials(_ header: String?) -> (String, String)? {
        guard let header, header.count < 4096 else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private static func matchesAny(_ given: String, _ keys: [String]) -> Bool {
        var found = false
        for key in keys { found = same(given, key) || found }
        return found
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        let x = SHA256.hash(data: Data(a.utf8)), y = SHA256.hash(data: Data(b.utf8))
        var difference: UInt8 = 0
        for (p, q) in zip(x, y) { difference |= p ^ q }
        return difference == 0
    }
}
