import Foundation

/// Rewrites PNG headers for the tests of decoding limits.
public enum PNGHeader {
    /// `png` with the width and height in its IHDR chunk replaced, its checksum recomputed so that a decoder
    /// believes it: a small file that declares a huge image.
    public static func declaring(width: UInt32, height: UInt32, in png: Data) -> Data {
        let header = bigEndian(width) + bigEndian(height) + png[png.startIndex + 24..<png.startIndex + 29]
        return png.prefix(8) + chunk("IHDR", header) + png.dropFirst(33)
    }

    /// A whole chunk: length, type, data and checksum.
    public static func chunk(_ type: String, _ data: Data) -> Data {
        let body = [UInt8](type.utf8) + [UInt8](data)
        return bigEndian(UInt32(data.count)) + Data(body) + bigEndian(crc32(body[...]))
    }

    private static func bigEndian(_ value: UInt32) -> Data { Data((0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }) }

    /// CRC-32 as PNG computes it (ISO 3309, bit by bit: the tests' chunks are small).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
