import ChartModel
import Foundation
import WheelRaster

/// The only URLs followed, the chart URL and every redirect's target: http or https, a host name or an IP
/// address, a port from 1 to 65535, no user information, printable ASCII only. Foundation's `URL` accepts a port
/// of 99999 and AsyncHTTPClient then traps on it, so the authority is checked here, by these rules alone.
enum ImageURL {
    /// `text` as a URL to fetch, or why not; `what` names it in the reason (`chart URL`, `redirect target`).
    static func validated(_ text: String, what: String) throws(FetchFailure) -> URL {
        func refused(_ why: String) -> FetchFailure { .refusedURL(what: what, problem: why, url: text) }
        guard text.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw refused("has a space, a control character or a character outside ASCII")
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, ["http", "https"].contains(parts[0].lowercased()) else { throw refused("is not http or https") }
        guard parts[1].hasPrefix("//") else { throw refused("has no host") }
        let authority = parts[1].dropFirst(2).prefix { !"/?#".contains($0) }
        guard !authority.contains("@") else { throw refused("has user information") }
        let host: Substring, port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw refused("has a broken IPv6 address") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                  after.isEmpty || after.hasPrefix(":") else { throw refused("has a broken IPv6 address") }
            port = after.isEmpty ? nil : after.dropFirst()
        } else {
            let split = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = split[0]
            port = split.count == 2 ? split[1] : nil
            guard !host.isEmpty else { throw refused("has no host") }
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw refused("has a malformed host")
            }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
                  (1...65535).contains(number) else { throw refused("has a port outside 1...65535") }
        }
        guard let url = URL(string: text), url.host != nil else { throw refused("is malformed") }
        return url
    }

    /// A redirect's `Location`, absolute or relative to `base`, validated.
    static func redirect(_ location: String, from base: URL) throws(FetchFailure) -> URL {
        let hasScheme = location.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
        guard !hasScheme else { return try validated(location, what: "redirect target") }
        guard let resolved = URL(string: location, relativeTo: base)?.absoluteString else {
            throw .refusedURL(what: "redirect target", problem: "is malformed", url: location)
        }
        return try validated(resolved, what: "redirect target")
    }
}
