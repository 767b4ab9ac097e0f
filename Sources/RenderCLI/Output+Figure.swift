import Foundation
import WheelRaster
import WheelRender

extension Output {
    /// `figure` in `format`, for every command that draws one; a PNG that cannot be painted is an internal error
    /// (exit 70).
    static func render(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions,
                       threads: Int = WheelRenderer.defaultThreads) throws(Failure) -> Data {
        do {
            return try WheelRenderer.render(figure, as: format, options: options, threads: threads)
        } catch {
            throw Failure(code: Failure.software, message: "rendering failed: \(error)")
        }
    }

    /// `figure` in `format`, written to `path` as `write(_:to:)` writes.
    static func write(_ figure: Figure, as format: RenderOptions.ImageType, options: RenderOptions, to path: String?,
                      threads: Int = WheelRenderer.defaultThreads) throws {
        try write(render(figure, as: format, options: options, threads: threads), to: path)
    }
}
