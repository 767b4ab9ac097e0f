import ChartModel
import HTTPTypes
import Hummingbird
import WheelRender

/// The language of a figure's words on the server: the request's own `language` option when it gives
/// one, else the best of the ten its `Accept-Language` names (`Language.bestMatch`), else English. The header is a
/// preference, not a demand: naming none of the ten is English, never an error. A `language` option not among the
/// ten is a usage error, 400.
@available(macOS 14, iOS 17, tvOS 17, *)
extension ChartServer {
    /// The language `request`'s `Accept-Language` prefers of the ten, its lines read as one list; nil when it has
    /// none or names none of them.
    static func preferredLanguage(_ request: Request) -> Language? {
        request.headers[.acceptLanguage].flatMap { Language.bestMatch(acceptLanguage: $0) }
    }

    /// The headers of an answer drawn in `language`: `Content-Language`, and `Vary` naming the request headers the
    /// answer follows, so that caches keep the languages (and formats) apart; nil where the URL alone decides.
    static func languageHeaders(_ language: Language, vary: String?) -> HTTPFields {
        var fields: HTTPFields = [.contentLanguage: language.rawValue]
        if let vary { fields[.vary] = vary }
        return fields
    }

    /// What a `/v1` figure follows: its format `Accept` when the body names none, its language `Accept-Language`
    /// when its options name none.
    static let figureVary = "Accept, Accept-Language"

    /// The header `Vary` names where only the language follows a header (a drop-in wheel's URL).
    static let acceptLanguageName = "Accept-Language"
}

/// Whether an options error is about `language`: a usage error (400), not a value refused (422).
func isLanguageError(_ error: ChartError) -> Bool {
    let name = RenderOption.language.name
    return error.path == name || error.path.hasPrefix(name + ".") || error.path.hasPrefix(name + "[")
}
