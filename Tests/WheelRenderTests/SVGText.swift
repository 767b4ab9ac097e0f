import Foundation
import WheelRender

extension WheelRenderer {
    /// A figure's SVG as text, for the tests that read it.
    static func svgText(_ figure: Figure, options: RenderOptions = RenderOptions()) -> String {
        String(decoding: svg(figure, options: options), as: UTF8.self)
    }
}
