import CRsvg
import Foundation

/// Writes PNG files: `Sub`-filtered rows compressed by `ZeroRunDeflater`.
///
/// cairo's own PNG writer compresses hard and took about two thirds of a wheel's render time, and zlib at its
/// fastest still took a quarter. A wheel is mostly flat colour: after a `Sub` filter most of each row is zeros,
/// which the deflater turns into runs while the filter is being applied, in the same pass. Opaque images are
/// written as RGB, others as straight RGBA.
enum PNGEncoder {
    /// Where the pixels come from.
    enum Pixels {
        /// cairo's premultiplied native-endian ARGB words, `stride` bytes a row.
        case cairo(UnsafePointer<UInt8>, stride: Int)
        /// Straight RGBA bytes, four a pixel, rows packed.
        case rgba(UnsafePointer<UInt8>)
    }

    static func encode(width: Int, height: Int, opaque: Bool, pixels: Pixels) -> Data {
        png(width: width, height: height, opaque: opaque, bands: [band(rows: 0..<height, width: width, opaque: opaque, pixels: pixels)])
    }

    /// Rows of an image filtered and tokenized, ready to be joined with the other bands by `png`.
    static func band(rows: Range<Int>, width: Int, opaque: Bool, pixels: Pixels) -> ZeroRunDeflater {
        let channels = opaque ? 3 : 4
        var deflater = ZeroRunDeflater(rowBytes: 1 + width * channels, rows: rows.count)
        for y in rows {
            deflater.startRow(filter: 1)  // Sub
            switch pixels {
            case .cairo(let base, let stride):
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                filterRow(row, width: width, channels: channels, into: &deflater, straight: straightRGBA(cairo:))
            case .rgba(let base):
                let row = UnsafeRawPointer(base + y * width * 4).assumingMemoryBound(to: UInt32.self)
                filterRow(row, width: width, channels: channels, into: &deflater) { UInt32(littleEndian: $0) }
            }
        }
        deflater.finishBand()
        return deflater
    }

    /// The PNG file of an image whose rows, top to bottom, are in `bands`.
    static func png(width: Int, height: Int, opaque: Bool, bands: [ZeroRunDeflater]) -> Data {
        let compressed = ZeroRunDeflater.zlibStream(bands)
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

    /// One row under the `Sub` filter (each byte minus the same byte of the pixel to its left). `straight`
    /// turns a stored word into straight RGBA, R in the low byte. Pixels equal to their left neighbour, most of
    /// a wheel, filter to zeros and are counted in a tight loop.
    @inline(__always)
    private static func filterRow(_ row: UnsafePointer<UInt32>, width: Int, channels: Int, into deflater: inout ZeroRunDeflater,
                                  straight: (UInt32) -> UInt32) {
        var previousWord: UInt32 = 0, previous: UInt32 = 0
        var x = 0
        while x < width {
            var end = x
            while end < width && row[end] == previousWord { end += 1 }
            if end > x {
                deflater.appendZeros((end - x) * channels)
                x = end
                if x == width { break }
            }
            previousWord = row[x]
            let current = straight(previousWord)
            for channel in 0..<channels {
                let shift = UInt32(channel * 8)
                deflater.append(UInt8(truncatingIfNeeded: (current >> shift) &- (previous >> shift)))
            }
            previous = current
            x += 1
        }
    }

    /// cairo's premultiplied ARGB word as straight RGBA, R in the low byte. Opaque images take the first branch.
    @inline(__always)
    private static func straightRGBA(cairo word: UInt32) -> UInt32 {
        let a = word >> 24
        var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
        if a != 255 && a != 0 {
            r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
        }
        return r | g << 8 | b << 16 | a << 24
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
