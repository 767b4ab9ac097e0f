/// A language the chart's words can be shown in: kerykeion's ten, by their ISO 639-1 codes (`zh` is Simplified
/// Chinese). The raw value is the code.
public enum Language: String, CaseIterable, Sendable {
    case en, es, pt, fr, de, it, ru, tr, hi, zh

    /// The codes, comma-separated, for error messages: `en, es, pt, fr, de, it, ru, tr, hi, zh`.
    public static let codesList = allCases.map(\.rawValue).joined(separator: ", ")

    /// The language when nothing else is asked for, and what `*` in an `Accept-Language` header gets.
    public static let fallback = Language.en

    /// The language's name in itself (`Deutsch`, `Русский`, `中文（简体）`), for a menu of languages.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .es: "Español"
        case .pt: "Português"
        case .fr: "Français"
        case .de: "Deutsch"
        case .it: "Italiano"
        case .ru: "Русский"
        case .tr: "Türkçe"
        case .hi: "हिन्दी"
        case .zh: "中文（简体）"
        }
    }

    /// The chart's words in this language.
    public var terms: Terms { Terms.of(self) }

    /// The language a BCP 47 tag names, in any case, with `-` or `_` between its parts: `de`, `DE`, `pt-BR`,
    /// `en_US`, `zh-CN`, `zh-Hans` give their base language. Chinese written in traditional characters
    /// (`zh-Hant`, or `zh-TW`, `zh-HK`, `zh-MO` without `Hans`) is not Simplified Chinese: nil. Nil too for a
    /// language not among the ten and for anything that is not a tag.
    public init?(code: String) {
        let parts = code.trimmingWhitespace().lowercased().split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }.map(String.init)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy(\.isASCIILetter),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) }),
              let language = Language(rawValue: primary)
        else { return nil }
        if language == .zh && Self.isTraditionalChinese(subtags: parts.dropFirst()) { return nil }
        self = language
    }

    /// A script subtag decides; without one, the regions that write traditional characters do.
    private static func isTraditionalChinese(subtags: ArraySlice<String>) -> Bool {
        if subtags.contains("hans") { return false }
        return subtags.contains("hant") || subtags.contains { ["tw", "hk", "mo"].contains($0) }
    }

    /// The best of the ten for an HTTP `Accept-Language` header (RFC 9110 §12.5.4): comma-separated language
    /// ranges, each with an optional weight `;q=` from 0 to 1 (1 when absent). The range with the highest weight
    /// that names one of the ten wins, the first written of equal weights; a range more specific than a language
    /// counts as its language (`de-DE` is `de`, `zh-CN` is `zh`, but `zh-TW` is none of the ten). `q=0` means not
    /// acceptable. `*` is any language the header does not name otherwise, the first of `allCases` (so `en`
    /// unless it is named). Malformed parts are ignored; nil when no part names one of the ten.
    public static func bestMatch(acceptLanguage header: String) -> Language? {
        let ranges = header.split(separator: ",").enumerated().compactMap { index, part in
            WeightedRange(part, position: index)
        }
        let named = Set(ranges.compactMap { $0.range == "*" ? nil : Language(code: $0.range) })
        for candidate in ranges.filter({ $0.weight > 0 }).sorted() {
            if candidate.range == "*" {
                if let any = allCases.first(where: { !named.contains($0) }) { return any }
            } else if let language = Language(code: candidate.range) {
                return language
            }
        }
        return nil
    }

    /// One part of an `Accept-Language` header: a range, its weight in thousandths, and where it was written.
    private struct WeightedRange: Comparable {
        var range: String
        var weight: Int
        var position: Int

        /// `de-DE;q=0.9`; nil when the range or a parameter is malformed.
        init?(_ part: Substring, position: Int) {
            let pieces = part.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard let range = pieces.first, range == "*" || Language.isRangeSyntax(range) else { return nil }
            var weight = 1000
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
                guard pair.count == 2, pair[0].lowercased() == "q", let thousandths = Language.weight(pair[1]) else { return nil }
                weight = thousandths
            }
            self.range = range
            self.weight = weight
            self.position = position
        }

        /// Heavier first; of equal weights, the first written.
        static func < (a: WeightedRange, b: WeightedRange) -> Bool {
            a.weight != b.weight ? a.weight > b.weight : a.position < b.position
        }
    }

    /// RFC 4647's `1*8ALPHA *("-" 1*8alphanum)`.
    private static func isRangeSyntax(_ range: String) -> Bool {
        let parts = range.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (1...8).contains(first.count), first.allSatisfy(\.isASCIILetter) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) }
    }

    /// RFC 9110's `qvalue` in thousandths: `0`, `0.5`, `0.125`, `1`, `1.000`; nil for anything else.
    private static func weight(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || (fraction.count <= 3 && fraction.allSatisfy(\.isASCIIDigit)) else { return nil }
        let digits = fraction + String(repeating: "0", count: 3 - fraction.count)
        let value = (whole == "1" ? 1000 : 0) + (Int(digits) ?? 0)
        return value <= 1000 ? value : nil
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetterOrDigit: Bool { isASCIILetter || isASCIIDigit }
}
