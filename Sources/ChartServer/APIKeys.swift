import Foundation
import Support

/// The keys that open the server's routes, by the API they open: AstrologyAPI's drop-ins (a user id and a key,
/// as HTTP Basic or the key as `x-astrologyapi-key`), FreeAstrologyAPI's (`x-api-key`) and our own `/v1`
/// (`Authorization: Bearer`). An API with no keys is open to anyone who can reach the server.
public struct APIKeys: Sendable, Equatable {
    /// One AstrologyAPI account: the user id and the key Basic auth pairs.
    public struct AstrologyAPIAccount: Sendable, Equatable, Decodable {
        /// The account's user id.
        public var userID: String
        /// Its key; alone, the `x-astrologyapi-key` header.
        public var apiKey: String

        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case apiKey = "api_key"
        }

        /// An account of `userID` and `apiKey`.
        public init(userID: String, apiKey: String) {
            self.userID = userID
            self.apiKey = apiKey
        }
    }

    /// AstrologyAPI's drop-ins' accounts.
    public var astrologyAPI: [AstrologyAPIAccount] = []
    /// FreeAstrologyAPI's drop-ins' keys.
    public var freeAstrologyAPI: [String] = []
    /// Our own API's bearer tokens.
    public var v1: [String] = []

    /// No keys: everything open.
    public init() {}

    /// The keys in `json`: `{"astrologyapi": [{"user_id": …, "api_key": …}], "freeastrologyapi": ["…"], "v1": ["…"]}`,
    /// each part optional. An error names the part, never a key.
    public init(json: Data) throws(APIKeysError) {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { throw APIKeysError("not a JSON object") }
            object = parsed
        } catch let error as APIKeysError {
            throw error
        } catch {
            throw APIKeysError("not JSON")
        }
        for key in object.keys where !["astrologyapi", "freeastrologyapi", "v1"].contains(key) {
            throw APIKeysError("\(quote(key)) is not one of astrologyapi, freeastrologyapi, v1")
        }
        if let accounts = object["astrologyapi"] {
            guard let list = accounts as? [[String: Any]] else { throw APIKeysError("astrologyapi: not a list of {\"user_id\", \"api_key\"}") }
            for (index, account) in list.enumerated() {
                guard let user = account["user_id"] as? String, let key = account["api_key"] as? String, !user.isEmpty, !key.isEmpty else {
                    throw APIKeysError("astrologyapi[\(index)]: needs a user_id and an api_key, both strings")
                }
                astrologyAPI.append(AstrologyAPIAccount(userID: user, apiKey: key))
            }
        }
        for (name, path) in [("freeastrologyapi", \APIKeys.freeAstrologyAPI), ("v1", \APIKeys.v1)] {
            guard let keys = object[name] else { continue }
            guard let list = keys as? [String], !list.contains(where: \.isEmpty) else { throw APIKeysError("\(name): not a list of keys (strings)") }
            self[keyPath: path] = list
        }
    }

    /// Whether no key at all is configured.
    public var isEmpty: Bool { astrologyAPI.isEmpty && freeAstrologyAPI.isEmpty && v1.isEmpty }
}

/// Keys that cannot be read; the message names the part, never a key.
public struct APIKeysError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}
