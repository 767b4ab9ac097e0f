import CRsvg
import Foundation

/// Why a rasterization failed, with librsvg's or cairo's own message.
public struct RasterError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// SVG to PNG in-process through librsvg and cairo. The only file that touches C.
///
/// Each call makes its own handle, surface and context and frees them before returning, so calls from
/// several threads never share C state.
public enum Rasterizer {
    /// Renders `svg` to a `width` × `height` PNG, scaling the SVG's viewBox to fill it.
    public static func png(svg: String, width: Int, height: Int) throws(RasterError) -> Data {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw RasterError(message: "cannot rasterize at \(width)×\(height)")
        }
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        let handle = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle else { throw RasterError(message: "librsvg could not read the SVG: \(take(&error))") }
        defer { g_object_unref(handle) }

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "creating a \(width)×\(height) surface")
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw RasterError(message: "librsvg could not render the SVG: \(take(&error))")
        }
        try check(cairo_status(context), "drawing")
        cairo_surface_flush(surface)

        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        try check(status, "encoding the PNG")
        return sink.data
    }

    /// Decodes a PNG into straight (not premultiplied) RGBA rows, top to bottom.
    public static func decodePNG(_ data: Data) throws(RasterError) -> RGBAImage {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RasterError(message: "not a PNG: the signature is missing")
        }
        let source = PNGSource(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            return Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue().read(into: buffer, count: Int(length))
                ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(source).toOpaque())
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "decoding the PNG")
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { throw RasterError(message: "decoding the PNG: no pixels") }
        let format = cairo_image_surface_get_format(surface)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            // cairo keeps pixels as native-endian 32-bit words, premultiplied; RGB24 has no alpha.
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let a = format == CAIRO_FORMAT_RGB24 ? 255 : UInt32((word >> 24) & 0xFF)
                var rgb = [(word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF]
                if a != 0 && a != 255 { rgb = rgb.map { min(255, ($0 * 255 + a / 2) / a) } }
                let i = (y * width + x) * 4
                pixels[i] = UInt8(rgb[0]); pixels[i + 1] = UInt8(rgb[1]); pixels[i + 2] = UInt8(rgb[2]); pixels[i + 3] = UInt8(a)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ status: cairo_status_t, _ doing: String) throws(RasterError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterError(message: "cairo failed \(doing): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { if error != nil { g_error_free(error) }; error = nil }
        guard let error, let message = error.pointee.message else { return "unknown error" }
        return String(cString: message)
    }
}

/// Collects the bytes cairo writes; lives only for one call.
private final class PNGSink {
    var data = Data()
}

/// Hands cairo the bytes of a PNG, a piece at a time; lives only for one call.
private final class PNGSource {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard offset + count <= data.count else { return false }
        data.copyBytes(to: buffer, from: offset..<(offset + count))
        offset += count
        return true
    }
}
