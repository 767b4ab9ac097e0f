import Foundation

/// SVG documents that cost librsvg 2.54 far more time to draw than their size suggests, as an API (or whoever
/// answers for it) could send them, and an ordinary one. Each is a 600-unit square.
public enum CostlySVG {
    private static func document(_ defs: String, _ body: String) -> Data {
        Data((#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="600" viewBox="0 0 600 600">"#
              + "<defs>\(defs)</defs>" + body + "</svg>\n").utf8)
    }

    private static let blur = #"<filter id="b"><feGaussianBlur stdDeviation="3"/></filter>"#

    /// `count` rectangles `side` units square, each blurred (about 127 KB for 2,000): librsvg 2.54 filters each on
    /// surfaces the size of the whole image, and blurs its filter region.
    public static func blurredRectangles(_ count: Int, side: Int = 20) -> Data {
        var random = SplitMix64(seed: 7)
        let rects = (0..<count).map { _ in
            #"<rect x="\#(random.next() % 580)" y="\#(random.next() % 580)" width="\#(side)" height="\#(side)" filter="url(#b)"/>"#
        }
        return document(blur, rects.joined(separator: "\n"))
    }

    /// The same rectangles blurred by a style sheet rule rather than an attribute.
    public static func rectanglesBlurredByAStyleSheet(_ count: Int) -> Data {
        let rects = (0..<count).map { #"<rect x="\#($0 % 580)" y="\#($0 / 4 % 580)" width="20" height="20"/>"# }
        return document(blur + "<style>rect { filter: url(#b) }</style>", rects.joined(separator: "\n"))
    }

    /// Groups nested `depth` deep, each blurred and holding `shapes` blurred circles besides the next group.
    public static func nestedBlurredGroups(depth: Int, shapes: Int) -> Data {
        let level = (0..<shapes).map { #"<circle cx="\#(10 + 14 * $0 % 580)" cy="\#(10 + 37 * $0 % 580)" r="6" filter="url(#b)"/>"# }.joined()
        return document(blur, String(repeating: #"<g filter="url(#b)">"# + level, count: depth) + String(repeating: "</g>", count: depth))
    }

    /// Groups nested `depth` deep around one rectangle, with nothing costly about them.
    public static func nestedGroups(depth: Int) -> Data {
        document("", String(repeating: #"<g opacity="0.99">"#, count: depth) + ##"<rect width="600" height="600" fill="#118899"/>"##
                 + String(repeating: "</g>", count: depth))
    }

    /// `<use>` references `levels` deep, each level drawing the one below `fanOut` times: `fanOut`^`levels`
    /// rectangles from a few hundred bytes.
    public static func useBomb(levels: Int, fanOut: Int) -> Data {
        var defs = #"<g id="l0"><rect width="6" height="6"/></g>"#
        for level in 1...levels {
            defs += #"<g id="l\#(level)">"# + String(repeating: ##"<use xlink:href="#l\##(level - 1)"/>"##, count: fanOut) + "</g>"
        }
        return document(defs, ##"<use xlink:href="#l\##(levels)"/>"##)
    }

    /// A few shapes eroded through a filter region as large as the image: slow to draw (feMorphology costs the
    /// region's pixels times its radius squared) while the cost model, which does not see regions, prices them low.
    public static func erodedShapes(_ count: Int) -> Data {
        let filter = #"<filter id="m" x="-5000%" y="-5000%" width="10000%" height="10000%"><feMorphology radius="30"/></filter>"#
        return document(filter, (0..<count).map { #"<rect x="\#(20 * $0)" y="20" width="20" height="20" filter="url(#m)"/>"# }.joined())
    }
}
