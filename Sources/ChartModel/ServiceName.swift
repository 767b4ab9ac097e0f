/// A name as the chart services might write it, reduced for matching: lowercased, letters only, so that
/// "North Node", "north_node" and "NorthNode" meet as "northnode". ASCII names, all that the services send,
/// take a byte loop; others go through Unicode's notion of a letter.
func serviceNameKey(_ name: String) -> String {
    var ascii: [UInt8] = []
    ascii.reserveCapacity(name.utf8.count)
    for byte in name.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): ascii.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): ascii.append(byte + 32)
        case 0x80...: return name.lowercased().filter(\.isLetter)
        default: continue
        }
    }
    return String(decoding: ascii, as: UTF8.self)
}
