import CRsvg
import Foundation

/// Writes PNG files with zlib's run-length strategy.
///
/// cairo's own PNG writer compresses hard and took about two thirds of a wheel's render time. A wheel is mostly
/// flat colour: after a `Sub` filter most of each row is zeros, which zlib's `Z_RLE` strategy compresses about
/// as well as its default at a fraction of the time. Opaque images are written as RGB, others as straight RGBA.
enum PNGEncoder {
    /// Where the pixels come from.
    enum Pixels {
        /// cairo's premultiplied native-endian ARGB words, `stride` bytes a row.
        case cairo(UnsafePointer<UInt8>, stride: Int)
        /// Straight RGBA bytes, four a pixel, rows packed.
        case rgba(UnsafePointer<UInt8>)
    }

    static func encode(width: Int, height: Int, opaque: Bool, pixels: Pixels) throws(RasterError) -> Data {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        // Uninitialized: every byte is written below, and zeroing a megabyte first costs as much as filtering it.
        let filtered = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
            for y in 0..<height {
                filterRow(y, width: width, opaque: opaque, from: pixels, into: out.baseAddress! + y * rowBytes)
            }
            count = rowBytes * height
        }
        let compressed = try deflate(filtered)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.reserveCapacity(compressed.count + 64)
        var header = [UInt8]()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// One row as straight RGB or RGBA bytes under the `Sub` filter (each byte minus the same byte of the pixel
    /// to its left), after the filter-type byte. One pass, the previous pixel kept in registers.
    private static func filterRow(_ y: Int, width: Int, opaque: Bool, from pixels: Pixels, into line: UnsafeMutablePointer<UInt8>) {
        line[0] = 1
        var out = line + 1
        var pr: UInt32 = 0, pg: UInt32 = 0, pb: UInt32 = 0, pa: UInt32 = 0
        for x in 0..<width {
            var r: UInt32, g: UInt32, b: UInt32, a: UInt32
            switch pixels {
            case .rgba(let base):
                let p = base + (y * width + x) * 4
                (r, g, b, a) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
            case .cairo(let base, let stride):
                let word = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)[x]
                (r, g, b, a) = ((word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF, word >> 24)
                if a != 255 && a != 0 {
                    // cairo premultiplies by alpha; PNG wants straight colour.
                    r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
                }
            }
            out[0] = UInt8(truncatingIfNeeded: r &- pr)
            out[1] = UInt8(truncatingIfNeeded: g &- pg)
            out[2] = UInt8(truncatingIfNeeded: b &- pb)
            if opaque {
                out += 3
            } else {
                out[3] = UInt8(truncatingIfNeeded: a &- pa)
                out += 4
            }
            (pr, pg, pb, pa) = (r, g, b, a)
        }
    }

    private static func deflate(_ input: [UInt8]) throws(RasterError) -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_RLE, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw RasterError(message: "zlib could not start (status \(status))") }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        let output = [UInt8](unsafeUninitializedCapacity: bound) { target, count in
            input.withUnsafeBufferPointer { source in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(bound)
                status = CRsvg.deflate(&stream, Z_FINISH)
                count = bound - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw RasterError(message: "zlib failed encoding the PNG (status \(status))") }
        return output
    }

    private static func appendChunk(_ type: String, _ body: [UInt8], to png: inout Data) {
        var length = [UInt8]()
        length.appendBigEndian(UInt32(body.count))
        png.append(contentsOf: length)
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: body)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        var trailer = [UInt8]()
        trailer.appendBigEndian(UInt32(crc))
        png.append(contentsOf: trailer)
    }
}

private extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
