import ChartModel
import CRsvg
import Foundation
import Geometry
import Support
import WheelRender

/// SVG to pixels and PNG bytes in-process through librsvg and cairo, a wheel's drawing through cairo alone;
/// PNG decoding through cairo. Raster/ is the only folder that touches C.
///
/// Each call makes its own handle, surface and context and frees them before returning, so calls from
/// several threads never share C state.
public enum Rasterizer {
    /// Renders `svg` to a `width` × `height` PNG, scaling the SVG's viewBox to fill it.
    public static func png(svg: String, width: Int, height: Int) throws(RasterError) -> Data {
        try png(svg: Data(svg.utf8), width: width, height: height)
    }

    /// Renders SVG bytes to a `width` × `height` PNG, scaling the SVG's viewBox to fill it.
    public static func png(svg: Data, width: Int, height: Int) throws(RasterError) -> Data {
        try withSurface(svg: svg, width: width, height: height, limits: .standard) { surface throws(RasterError) in try encode(surface) }
    }

    /// Rows painted beyond a band on either side, and thrown away.
    private static let bandMargin = 24

    /// Paints a drawing to a PNG of its own size; with two `threads`, in two horizontal bands at once,
    /// cut where they take about as long to paint. Each band paints its rows into its own cairo surface, then
    /// filters and tokenizes them while they are still in its cache; `ZeroRunDeflater` joins the bands into
    /// one stream. The bytes are the same on one thread or two.
    static func png(_ drawing: Drawing, threads: Int = 1) throws(RasterError) -> Data {
        guard !drawing.hasText else {
            // Text in a font (a title, a house system's name, a legend) is laid out by librsvg: it draws the SVG as it stands.
            return try png(svg: DrawingSVG.write(drawing), width: Int(drawing.width.rounded()), height: Int(drawing.height.rounded()))
        }
        let width = Int(drawing.width.rounded()), size = Int(drawing.height.rounded())
        guard (1...16384).contains(width) && (1...16384).contains(size) else { throw RasterError.impossibleSize(width: width, height: size) }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let bandCount = size >= 32 ? min(threads, 2) : 1
        // An opaque background under everything else makes the image opaque, written as RGB; without one it
        // is RGBA, and the pixels start transparent.
        let opaque = drawing.background != nil
        let boundaries = CairoPainter.bandBoundaries(drawing, size: size, bands: bandCount)
        let results = Locked([Result<ZeroRunDeflater, RasterError>?](repeating: nil, count: bandCount))
        let paint = { @Sendable (band: Int) in
            let rows = boundaries[band]..<boundaries[band + 1]
            // Painted with a margin on either side: cairo culls and clips at a surface's edges, which moved an edge
            // pixel a few rows from them by a level. Rows this far inside come out as from one whole surface
            // (16 rows were enough for every sample at sizes from 100 to 2000 px, 8 were not).
            let painted = max(0, rows.lowerBound - bandMargin)..<min(size, rows.upperBound + bandMargin)
            let result = Result { () throws(RasterError) -> ZeroRunDeflater in
                // Cleared only without a background: an opaque one is painted over every pixel.
                let pixels = PixelBuffer(bytes: stride * painted.count, cleared: !opaque)
                let surface = cairo_image_surface_create_for_data(pixels.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                  Int32(width), Int32(painted.count), Int32(stride))!
                defer { cairo_surface_destroy(surface) }
                try check(cairo_surface_status(surface), "making the image")
                let context = cairo_create(surface)!
                defer { cairo_destroy(context) }
                cairo_translate(context, 0, -Double(painted.lowerBound))
                CairoPainter.paint(drawing, on: context)
                try check(cairo_status(context), "drawing")
                cairo_surface_flush(surface)
                let own = UnsafePointer((pixels.base + (rows.lowerBound - painted.lowerBound) * stride).assumingMemoryBound(to: UInt8.self))
                return withExtendedLifetime(pixels) {
                    PNGEncoder.band(rows: 0..<rows.count, width: width, opaque: opaque, pixels: .cairo(own, stride: stride))
                }
            }
            results.withLock { $0[band] = result }
        }
        if threads > 1 {
            DispatchQueue.concurrentPerform(iterations: bandCount, execute: paint)
        } else {
            for band in 0..<bandCount { paint(band) }
        }
        var tokens: [ZeroRunDeflater] = []
        for result in results.withLock({ $0 }) { tokens.append(try result!.get()) }
        return PNGEncoder.png(width: width, height: size, opaque: opaque, bands: tokens)
    }

    /// Renders `svg` to pixels at `width` × `height`, or at its own size when none is given; a size over `limits`
    /// is refused before drawing.
    public static func image(svg: Data, width: Int? = nil, height: Int? = nil, limits: ImageLimits = .standard) throws(RasterError) -> RGBAImage {
        try withSurface(svg: svg, width: width, height: height, limits: limits) { surface throws(RasterError) in try pixels(of: surface) }
    }

    /// Decodes a PNG into straight (not premultiplied) RGBA rows, top to bottom. The size in its header is checked
    /// against `limits` before decoding: a few kilobytes can declare gigabytes of pixels.
    public static func decodePNG(_ data: Data, limits: ImageLimits = .standard) throws(RasterError) -> RGBAImage {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RasterError.notPNG(detail: "the signature is missing")
        }
        let declared = try ImageLimits.pngSize(data)
        try limits.check(width: declared.width, height: declared.height)
        let source = PNGSource(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            return Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue().read(into: buffer, count: Int(length))
                ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(source).toOpaque())
        guard let surface else { throw RasterError.cairo(doing: "decoding the PNG", status: "no surface") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "decoding the PNG")
        return try pixels(of: surface)
    }

    /// Encodes straight RGBA pixels as a PNG.
    public static func encodePNG(_ image: RGBAImage) throws(RasterError) -> Data {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else {
            throw RasterError.cannotEncode(width: image.width, height: image.height, bytes: image.pixels.count)
        }
        var opaque = true
        for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 { opaque = false; break }
        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(RasterError) -> Data in
            PNGEncoder.encode(width: image.width, height: image.height, opaque: opaque, pixels: .rgba(pixels.baseAddress!))
        }
    }

    // MARK: - cairo and librsvg

    private static func withSurface<T>(svg: Data, width: Int?, height: Int?, limits: ImageLimits,
                                       _ body: (OpaquePointer) throws(RasterError) -> T) throws(RasterError) -> T {
        var error: UnsafeMutablePointer<GError>?
        // From bytes with no base URL, librsvg loads no external resource: an image, `use`, CSS `@import`, an
        // xml-stylesheet or an XInclude that points at a file or at http is skipped; only data: URLs load.
        let handle = svg.withUnsafeBytes { buffer in
            rsvg_handle_new_from_data(buffer.bindMemory(to: UInt8.self).baseAddress, gsize(buffer.count), &error)
        }
        guard let handle else { throw RasterError.svgUnreadable(librsvg: take(&error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var size = (width: width ?? 0, height: height ?? 0)
        if width == nil || height == nil {
            var w = 0.0, h = 0.0
            guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) != 0, w >= 1, h >= 1 else {
                throw RasterError.svgWithoutSize
            }
            let own = try limits.check(width: w, height: h)
            size = (width ?? own.width, height ?? own.height)
        }
        try limits.check(width: size.width, height: size.height)
        return try withSurface(width: size.width, height: size.height) { context throws(RasterError) in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
                throw RasterError.svgNotRendered(librsvg: take(&error))
            }
        } then: { surface throws(RasterError) in try body(surface) }
    }

    /// A surface of `width` × `height`, drawn on by `draw` through a cairo context, then handed to `body`.
    private static func withSurface<T>(width: Int, height: Int, draw: (OpaquePointer) throws(RasterError) -> Void,
                                       then body: (OpaquePointer) throws(RasterError) -> T) throws(RasterError) -> T {
        let surface = try makeSurface(width: width, height: height)
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        try draw(context!)
        try check(cairo_status(context), "drawing")
        cairo_surface_flush(surface)
        return try body(surface)
    }

    /// A surface of a size already checked against the limits.
    private static func makeSurface(width: Int, height: Int) throws(RasterError) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RasterError.cairo(doing: "creating a \(width)×\(height) surface", status: String(cString: cairo_status_to_string(status)))
        }
        return surface
    }

    /// The surface as a PNG, through `PNGEncoder` rather than cairo's slow writer.
    private static func encode(_ surface: OpaquePointer) throws(RasterError) -> Data {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { throw RasterError.cairo(doing: "encoding the PNG", status: "no pixel buffer") }
        var opaque = true
        rows: for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xFF { opaque = false; break rows }
        }
        return PNGEncoder.encode(width: width, height: height, opaque: opaque, pixels: .cairo(UnsafePointer(base), stride: stride))
    }

    /// Straight RGBA from a surface's premultiplied native-endian words.
    private static func pixels(of surface: OpaquePointer) throws(RasterError) -> RGBAImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { throw RasterError.cairo(doing: "reading pixels", status: "no pixel buffer") }
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let a = opaque ? 255 : (word >> 24) & 0xFF
                let unpremultiply = { (c: UInt32) -> UInt8 in
                    a == 255 || a == 0 ? UInt8(c) : UInt8(min(255, (c * 255 + a / 2) / a))
                }
                let i = (y * width + x) * 4
                pixels[i] = unpremultiply((word >> 16) & 0xFF)
                pixels[i + 1] = unpremultiply((word >> 8) & 0xFF)
                pixels[i + 2] = unpremultiply(word & 0xFF)
                pixels[i + 3] = UInt8(a)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ status: cairo_status_t, _ doing: String) throws(RasterError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError.cairo(doing: doing, status: String(cString: cairo_status_to_string(status)))
        }
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { if error != nil { g_error_free(error) }; error = nil }
        guard let error, let message = error.pointee.message else { return "unknown error" }
        return String(cString: message)
    }
}

/// Hands cairo the bytes of a PNG, a piece at a time; lives only for one call.
private final class PNGSource {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard offset + count <= data.count else { return false }
        data.copyBytes(to: buffer, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
        offset += count
        return true
    }
}

/// One image's pixels, shared by the threads that paint its bands: each writes only its own rows.
private final class PixelBuffer: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    init(bytes: Int, cleared: Bool) {
        base = .allocate(byteCount: bytes, alignment: 16)
        if cleared { base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes) }
    }
    deinit { base.deallocate() }
}
