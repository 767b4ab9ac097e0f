import WheelRaster

/// Compares two images the way a person would: a perceptual colour distance per pixel (in YIQ space, after
/// blending on white), with anti-aliased pixels told apart so that a shifted edge is not counted as a change.
///
/// The colour distance and the anti-aliasing test follow the published method of pixelmatch: the YIQ metric of
/// Kotsarenko and Ramos (2010) and the anti-aliasing detector of Vysniauskas (2009).
public struct ImageComparison: Sendable, Hashable {
    /// How far two colours may be apart and still count as the same, from 0 (exact) to 1 (anything).
    public var threshold: Double
    /// Count anti-aliased pixels that differ as differences too.
    public var includeAntialiasing: Bool

    /// A comparison at `threshold` (0 exact … 1 anything, clamped), counting anti-aliased pixels only with `includeAntialiasing`.
    public init(threshold: Double = 0.1, includeAntialiasing: Bool = false) {
        self.threshold = min(max(threshold, 0), 1)
        self.includeAntialiasing = includeAntialiasing
    }

    /// The largest YIQ distance there is (black against white).
    static let maximumDelta = 35215.0

    /// The pixels of `actual` that differ from `expected`; images of different sizes differ as a whole.
    public func compare(expected: RGBAImage, actual: RGBAImage) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDifference(expected: expected, actual: actual, marks: [], differentPixels: expected.width * expected.height,
                                   antialiasedPixels: 0, maximumDistance: 1, bounds: nil)
        }
        let width = expected.width, height = expected.height
        let limit = Self.maximumDelta * threshold * threshold
        var marks = [ImageDifference.Mark](repeating: .same, count: width * height)
        var different = 0, antialiased = 0, largest = 0.0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let o = i * 4
                        if a[o] == b[o] && a[o + 1] == b[o + 1] && a[o + 2] == b[o + 2] && a[o + 3] == b[o + 3] { continue }
                        let delta = Self.colourDelta(a, o, b, o)
                        guard abs(delta) > limit else { continue }
                        if !includeAntialiasing
                            && (Self.isAntialiased(a, b, x: x, y: y, width: width, height: height)
                                || Self.isAntialiased(b, a, x: x, y: y, width: width, height: height)) {
                            marks[i] = .antialiased
                            antialiased += 1
                            continue
                        }
                        marks[i] = .different
                        different += 1
                        largest = max(largest, abs(delta))
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        let bounds = maxX < 0 ? nil : PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return ImageDifference(expected: expected, actual: actual, marks: marks, differentPixels: different,
                               antialiasedPixels: antialiased, maximumDistance: (largest / Self.maximumDelta).squareRoot(), bounds: bounds)
    }

    // MARK: - Colour distance

    /// A colour channel blended on white by its alpha.
    @inline(__always)
    private static func blended(_ channel: UInt8, _ alpha: Double) -> Double { 255 + (Double(channel) - 255) * alpha }

    /// Brightness (Y) of the pixel at byte offset `o`, blended on white.
    @inline(__always)
    private static func brightness(_ p: UnsafeBufferPointer<UInt8>, _ o: Int) -> Double {
        let alpha = Double(p[o + 3]) / 255
        return blended(p[o], alpha) * 0.29889531 + blended(p[o + 1], alpha) * 0.58662247 + blended(p[o + 2], alpha) * 0.11448223
    }

    /// Squared perceptual distance of two pixels, negative when the second is lighter.
    static func colourDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int) -> Double {
        let a1 = Double(p[i + 3]) / 255, a2 = Double(q[j + 3]) / 255
        let r1 = blended(p[i], a1), g1 = blended(p[i + 1], a1), b1 = blended(p[i + 2], a1)
        let r2 = blended(q[j], a2), g2 = blended(q[j + 1], a2), b2 = blended(q[j + 2], a2)
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let di = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let dq = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let dy = y1 - y2
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? delta : -delta
    }

    // MARK: - Anti-aliasing

    /// Whether the pixel at (x, y) of `image` looks like an edge's anti-aliasing: its neighbours include both a
    /// darker and a lighter one, few equal ones, and the darkest or lightest of them lies inside a flat area
    /// in both images.
    private static func isAntialiased(_ image: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>,
                                      x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1), y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        let o = (y * width + x) * 4
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, lightest = 0.0
        var darkestAt = (0, 0), lightestAt = (0, 0)
        let centre = brightness(image, o)
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let delta = centre - brightness(image, (ny * width + nx) * 4)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > lightest {
                    lightest = delta
                    lightestAt = (nx, ny)
                }
            }
        }
        guard darkest != 0, lightest != 0 else { return false }
        return (hasManySiblings(image, darkestAt, width, height) && hasManySiblings(other, darkestAt, width, height))
            || (hasManySiblings(image, lightestAt, width, height) && hasManySiblings(other, lightestAt, width, height))
    }

    /// Whether at least three neighbours of the pixel have exactly its colour (an image edge counts as one).
    private static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ at: (Int, Int), _ width: Int, _ height: Int) -> Bool {
        let (x, y) = at
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1), y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        let o = (y * width + x) * 4
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let n = (ny * width + nx) * 4
                if image[o] == image[n] && image[o + 1] == image[n + 1] && image[o + 2] == image[n + 2] && image[o + 3] == image[n + 3] {
                    equal += 1
                    if equal > 2 { return true }
                }
            }
        }
        return false
    }
}
