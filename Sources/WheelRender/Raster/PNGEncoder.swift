import CRsvg
import Foundation

/// Writes PNG files with zlib at a low compression level.
///
/// cairo's own PNG writer compresses hard and took about two thirds of a wheel's render time. A wheel is mostly
/// flat colour, so the fastest zlib level after a `Sub` filter costs little in size and a fraction of the time.
/// Opaque images are written as RGB, others as straight RGBA.
enum PNGEncoder {
    /// zlib level: 1 is the fastest that still compresses.
    static let compressionLevel: Int32 = 1

    /// Encodes `height` rows of `width` pixels, each row given as straight RGBA by `row(y, into:)`.
    static func encode(width: Int, height: Int, opaque: Bool, rows: (Int, UnsafeMutablePointer<UInt8>) -> Void) throws(RasterError) -> Data {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        var filtered = [UInt8](repeating: 0, count: rowBytes * height)
        var rgba = [UInt8](repeating: 0, count: width * 4)
        filtered.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeMutableBufferPointer { pixel in
                for y in 0..<height {
                    rows(y, pixel.baseAddress!)
                    let start = y * rowBytes
                    out[start] = 1  // Sub: each byte minus the same channel of the pixel to its left
                    var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    var o = start + 1
                    for x in 0..<width {
                        let p = x * 4
                        let current = (pixel[p], pixel[p + 1], pixel[p + 2], pixel[p + 3])
                        out[o] = current.0 &- previous.0
                        out[o + 1] = current.1 &- previous.1
                        out[o + 2] = current.2 &- previous.2
                        if !opaque { out[o + 3] = current.3 &- previous.3 }
                        o += channels
                        previous = current
                    }
                }
            }
        }
        var compressedLength = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, filtered, uLong(filtered.count), compressionLevel)
        guard status == Z_OK else { throw RasterError(message: "zlib failed encoding the PNG (status \(status))") }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.reserveCapacity(Int(compressedLength) + 64)
        var header = [UInt8]()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header[...], to: &png)
        appendChunk("IDAT", compressed[0..<Int(compressedLength)], to: &png)
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ body: ArraySlice<UInt8>, to png: inout Data) {
        var length = [UInt8]()
        length.appendBigEndian(UInt32(body.count))
        png.append(contentsOf: length)
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: body)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        body.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
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
