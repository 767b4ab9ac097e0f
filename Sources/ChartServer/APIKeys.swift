import ChartModel
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
        let read: Result<APIKeys, APIKeysError>
        do {
            read = try JSONDocument.parse(json) { root throws(ChartError) -> Result<APIKeys, APIKeysError> in
                guard root.isObject else { return .failure(APIKeysError("not a JSON object")) }
                return APIKeys.read(try root.object())
            }
        } catch {
            throw APIKeysError("not JSON")
        }
        self = try read.get()
    }

    private static func read(_ object: JSONObjectNode) -> Result<APIKeys, APIKeysError> {
        var keys = APIKeys()
        for key in object.keys where !["astrologyapi", "freeastrologyapi", "v1"].contains(key) {
            return .failure(APIKeysError("\(quote(key)) is not one of astrologyapi, freeastrologyapi, v1"))
        }
        if let accounts = object.member(named: "astrologyapi") {
            let notAList = APIKeysError("astrologyapi: not a list of {\"user_id\", \"api_key\"}")
            guard accounts.isArray, let list = try? accounts.array() else { return .failure(notAList) }
            for (index, account) in list.enumerated() {
                guard account.isObject, let fields = try? account.object(), let user = fields.optional("user_id")?.text,
                      let key = fields.optional("api_key")?.text, !user.isEmpty, !key.isEmpty else {
                    return .failure(APIKeysError("astrologyapi[\(index)]: needs a user_id and an api_key, both strings"))
                }
                keys.astrologyAPI.append(AstrologyAPIAccount(userID: user, apiKey: key))
            }
        }
        for (name, path) in [("freeastrologyapi", \APIKeys.freeAstrologyAPI), ("v1", \APIKeys.v1)] as [(String, WritableKeyPath<APIKeys, [String]>)] {
            guard let list = object.member(named: name) else { continue }
            let texts = list.isArray ? (try? list.array())?.map(\.text) ?? [] : [nil]
            guard list.isArray, texts.allSatisfy({ $0.map { !$0.isEmpty } ?? false }) else {
                return .failure(APIKeysError("\(name): not a list of keys (strings)"))
            }
            keys[keyPath: path] = texts.compactMap { $0 }
        }
        return .success(keys)
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
