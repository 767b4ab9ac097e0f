import Foundation
import WheelRaster
import WheelRender

extension Output {
    /// `figure` in `format`, for every command that draws one; a PNG over the pixel limits (a wide sheet) is a
    /// usage error (exit 64), one that cannot be painted otherwise an internal error (exit 70). A PNG whose text
    /// needs a font the machine lacks is written all the same, after a warning naming the package (once a run).
    static func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions,
                       threads: Int = WheelRenderer.defaultThreads) throws(Failure) -> Data {
        do {
            let image = try WheelRenderer.render(figure, as: format, options: options, threads: threads, fonts: .system)
            for missing in fontWarnings.unsaid(image.missingFonts) { printError("wheel: warning: \(missing.warning)") }
            return image.data
        } catch where error.isOverLimit {
            throw Failure(code: Failure.usage, message: "--page-width: as PNG, \(error); a narrower page, or SVG")
        } catch {
            throw Failure(code: Failure.software, message: "rendering failed: \(error)")
        }
    }

    /// The fonts this run has warned of: a batch of a hundred PNGs with a Hindi title says it once.
    private static let fontWarnings = FontWarnings()

    /// `figure` in `format`, written to `path` as `write(_:to:)` writes.
    static func write(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions, to path: String?,
                      threads: Int = WheelRenderer.defaultThreads) throws {
        try write(render(figure, as: format, options: options, threads: threads), to: path)
    }
}
