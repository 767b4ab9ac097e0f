/// Names as the chart services might write them, matched after reducing them to lowercase letters only, so
/// that "North Node", "north_node" and "NorthNode" all meet as "northnode".
struct ServiceNameTable<Value: Sendable>: Sendable {
    /// Reduced names (lowercase ASCII letters) and what they stand for.
    let entries: [(key: StaticString, value: Value)]
    /// Each key's first eight bytes, compared before the rest.
    private let prefixes: [UInt64]

    init(entries: [(key: StaticString, value: Value)]) {
        self.entries = entries
        prefixes = entries.map { JSONTapeParser.prefix($0.key.utf8Start, $0.key.utf8CodeUnitCount, readable: 0) }
    }

    /// The value of `name`. ASCII names, all that the services send, are reduced on the stack and compared
    /// as bytes; others go through Unicode's notion of a letter and are compared as Strings.
    func value(for name: String) -> Value? {
        var name = name
        return name.withUTF8 { value(forUTF8: UnsafeRawBufferPointer($0)) }
    }

    func value(forUTF8 name: UnsafeRawBufferPointer) -> Value? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(name.count, 8)) { key in
            var length = 0
            for byte in name {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): key[length] = byte
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): key[length] = byte + 32
                case 0x80...: return value(forUnicode: String(decoding: name, as: UTF8.self))
                default: continue
                }
                length += 1
            }
            let reduced = UnsafePointer(key.baseAddress!)
            let prefix = JSONTapeParser.prefix(reduced, length, readable: 0)
            // The prefixes alone first: a tight loop over words, and a match is almost always the name.
            for index in prefixes.indices where prefixes[index] == prefix {
                let key = entries[index].key
                if key.utf8CodeUnitCount == length
                    && JSONToken.sameBytes(key.utf8Start, prefix: prefixes[index], reduced, prefix: prefix, length: length) {
                    return entries[index].value
                }
            }
            return nil
        }
    }

    private func value(forUnicode name: String) -> Value? {
        let key = name.lowercased().filter(\.isLetter)
        return entries.first { $0.key.description == key }?.value
    }
}
