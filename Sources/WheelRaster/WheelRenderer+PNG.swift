import ChartModel
import Foundation
import Geometry
import WheelRender

extension WheelRenderer {
    /// How many threads paint one PNG by default: its two halves at once where there are two cores.
    public static let defaultThreads = min(2, ProcessInfo.processInfo.activeProcessorCount)

    /// `figure` as a PNG as wide as its SVG (`options.chartSize`, a sheet's `width`): the SVG's drawing, painted
    /// by cairo directly, its two halves on `threads` threads (1 or 2). Callers that already render several
    /// figures in parallel should pass 1. The bytes are the same either way.
    public static func png(_ figure: Figure, options: RenderOptions = RenderOptions(), threads: Int = defaultThreads) throws(RasterError) -> Data {
        try Rasterizer.png(Drawing(figure, options: options), threads: threads)
    }

    /// `figure` in `format`: `svg(_:options:)` or `png(_:options:threads:)`.
    public static func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads) throws(RasterError) -> Data {
        switch format {
        case .svg: svg(figure, options: options)
        case .png: try png(figure, options: options, threads: threads)
        }
    }

    /// `figure` in `format`, as `render(_:as:options:threads:)` draws it, with the fonts a PNG's text needs that
    /// `fonts` says the machine lacks (see `FontCoverage`), found before it is painted; an SVG leaves its fonts to
    /// whoever draws it and lacks none. Only a figure with text (a title, a house system's name, the legend, a
    /// sheet's header) is checked: the wheel's glyphs are paths.
    public static func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions = RenderOptions(),
                              threads: Int = defaultThreads, fonts: FontCoverage) throws(RasterError) -> RenderedImage {
        switch format {
        case .svg:
            return RenderedImage(data: svg(figure, options: options), missingFonts: [])
        case .png:
            let drawing = Drawing(figure, options: options)
            let missing = fonts.missingFonts(in: drawing.texts.lazy.map(\.text))
            return RenderedImage(data: try Rasterizer.png(drawing, threads: threads), missingFonts: missing)
        }
    }
}

/// An image's bytes and the fonts its text needed that the machine lacks (`FontCoverage`): what
/// `WheelRenderer.render(_:as:options:threads:fonts:)` gives.
public struct RenderedImage: Sendable {
    /// The SVG or PNG.
    public var data: Data
    /// One per script whose font is missing, in the order the text needs them; always empty for SVG.
    public var missingFonts: [MissingFont]

    /// `data`, lacking `missingFonts`.
    public init(data: Data, missingFonts: [MissingFont]) {
        self.data = data
        self.missingFonts = missingFonts
    }
}
