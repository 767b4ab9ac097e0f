extension StringProtocol {
    /// The text without whitespace at either end: services and flags pad values now and then.
    package func trimmingWhitespace() -> String {
        // Most values have nothing to trim; any whitespace at an end starts with an ASCII or a multi-byte lead.
        let string = String(self)
        if let first = string.utf8.first, let last = string.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return string }
        return String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
