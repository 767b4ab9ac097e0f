import ChartModel
import Foundation
import WheelRaster
import WheelRender

/// A chart image and where it came from.
public struct ChartImage: Sendable {
    /// Where a chart image came from, as the `source:` line says.
    public enum Source: String, Sendable {
        /// Downloaded from the API's image URL just now.
        case api
        /// Downloaded earlier, kept in the cache.
        case cache
        /// Drawn locally, because the API's image could not be had.
        case fallback
    }

    /// The image's bytes, in `format`.
    public var data: Data
    /// PNG or SVG, as asked.
    public var format: RenderOptions.ImageType
    /// The API just now, the cache, or the local render.
    public var source: Source
    /// Why the API's image was not used (`timeout after 5.0 s`, `HTTP 404`, …), or a note on a cached one.
    public var reason: String?
    /// Why the API's image was not used, as a case to match; nil when it was, or was not asked for.
    public var failure: FetchFailure?
    /// The fonts a local PNG's text needed that the machine lacks (`FontCoverage`); empty for the API's image.
    public var missingFonts: [MissingFont] = []

    /// `source: api`, `source: cache`, `source: fallback (HTTP 404)`.
    public var sourceLine: String {
        "source: \(source.rawValue)" + (reason.map { " (\($0))" } ?? "")
    }
}
