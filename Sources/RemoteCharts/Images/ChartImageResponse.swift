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
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .unreadableResponse(empty: data.isEmpty)
        }
        if let status = object["status"], !isSuccess(status) {
            throw .apiStatus(describe(status), message: (object["msg"] ?? object["message"] ?? object["error"]).map { "\($0)" })
        }
        if let code = object["statusCode"] as? Int, !(200..<300).contains(code) {
            throw .apiStatusCode(code)
        }
        let nested = object["data"] as? [String: Any]
        let candidates: [Any?] = [object["chart_url"], nested?["chart_url"], object["output"], nested?["output"], object["url"]]
        guard let text = candidates.lazy.compactMap({ $0 as? String }).first(where: { !$0.isEmpty }) else {
            throw .noChartURL
        }
        return try ImageURL.validated(text.trimmingCharacters(in: .whitespacesAndNewlines), what: "chart URL")
    }

    /// JSON `false` as `false`: Foundation hands booleans over as numbers.
    private static func describe(_ value: Any) -> String {
        if let number = value as? NSNumber, String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
        return "\(value)"
    }

    private static func isSuccess(_ status: Any) -> Bool {
        switch status {
        case let flag as Bool: flag
        case let number as Int: number == 1 || (200..<300).contains(number)
        case let text as String: ["true", "success", "ok", "1"].contains(text.lowercased())
        default: false
        }
    }
}
