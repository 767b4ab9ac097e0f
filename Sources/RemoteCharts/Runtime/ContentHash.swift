import Crypto
import Foundation

/// SHA-256 as lower-case hex, for cache keys and for checking a cached image's bytes: swift-crypto's, which is
/// CryptoKit on Apple platforms and BoringSSL elsewhere (already built for the HTTP client's TLS).
enum ContentHash {
    static func hex<Bytes: DataProtocol>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
