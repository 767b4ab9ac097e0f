import ChartModel
import Foundation
import WheelRaster

/// What an API's wheel endpoint answered: where the image is, or why there is none.
///
/// AstrologyAPI `natal_wheel_chart`: `{"status": true, "chart_url": "…", "msg": "…"}`; FreeAstrologyAPI
/// `natal-wheel-chart`: `{"status": "success", "data": {"chart_url": "…"}}` or `{"statusCode": 200, "output": "…"}`.
public enum ChartImageResponse {
    /// The image URL, or the reason to fall back as a `FetchFailure`.
    public static func imageURL(from data: Data) throws(FetchFailure) -> URL {
        let found: Result<String, FetchFailure>
        do {
            found = try JSONDocument.parse(data) { root throws(ChartError) in
                guard root.isObject else { return .failure(.unreadableResponse(empty: false)) }
                return read(try root.object())
            }
        } catch {
            throw .unreadableResponse(empty: data.isEmpty)
        }
        return try ImageURL.validated(try found.get().trimmingCharacters(in: .whitespacesAndNewlines), what: "chart URL")
    }

    /// The URL's text from the answer's fields, or why there is none.
    private static func read(_ object: JSONObjectNode) -> Result<String, FetchFailure> {
        if let status = object.optional("status"), !isSuccess(status) {
            let message = [object.optional("msg"), object.optional("message"), object.optional("error")].lazy.compactMap { $0 }.first
            return .failure(.apiStatus(written(status), message: message.map(written)))
        }
        if let code = object.optional("statusCode")?.integer, !(200..<300).contains(code) {
            return .failure(.apiStatusCode(code))
        }
        let nested = object.optional("data").flatMap { $0.isObject ? try? $0.object() : nil }
        let candidates = [object.optional("chart_url"), nested?.optional("chart_url"), object.optional("output"),
                          nested?.optional("output"), object.optional("url")]
        guard let text = candidates.lazy.compactMap({ $0?.text }).first(where: { !$0.isEmpty }) else { return .failure(.noChartURL) }
        return .success(text)
    }

    /// A value as the message names it: a string's text, anything else as written (`false`, `0`).
    private static func written(_ node: JSONNode) -> String {
        node.text ?? String(decoding: node.source, as: UTF8.self)
    }

    private static func isSuccess(_ status: JSONNode) -> Bool {
        if let flag = status.bool { return flag }
        if let number = status.integer { return number == 1 || (200..<300).contains(number) }
        if let text = status.text { return ["true", "success", "ok", "1"].contains(text.lowercased()) }
        return false
    }
}
