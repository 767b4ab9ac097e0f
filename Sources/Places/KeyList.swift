import Foundation

/// A sorted, front-coded list of folded names in a generated string literal (PlaceKeys.swift, AlternateKeys.swift),
/// read where it lies: line `i` is a marker byte (0x21 + the number of bytes its key shares with line `i - 1`), the
/// rest of its key, then what the list carries per line (`payload`). Every `restart`-th line shares nothing, and
/// the table says where each of those starts, so a binary search over them finds any key without the list being
/// read first, and a walk forward from one rebuilds the keys after it.
struct KeyList: @unchecked Sendable {  // Immutable: a pointer into a string literal, which lives as long as the program.
    static let restart = 16

    private let bytes: UnsafePointer<UInt8>
    private let byteCount: Int
    /// Where lines 0, 16, 32, … start.
    private let restarts: [Int32]
    let count: Int
    /// How many bytes at a line's end are not its key (AlternateKeys: the place, 3 characters); PlaceKeys' lines
    /// end their keys at a tab instead.
    private let trailer: Int

    /// One line's bytes: `start` is its marker, `end` its newline (or the text's end).
    struct Line {
        let start: Int, end: Int
    }

    init(_ text: StaticString, restarts encoded: StaticString, trailer: Int) {
        bytes = text.utf8Start
        byteCount = text.utf8CodeUnitCount
        self.trailer = trailer
        let base64 = String(decoding: UnsafeBufferPointer(start: encoded.utf8Start, count: encoded.utf8CodeUnitCount), as: UTF8.self)
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), data.count >= 4 else {
            preconditionFailure("PlaceCodes.swift: restarts are not base64; make the tables again with scripts/make-place-tables.py")
        }
        let numbers = data.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
        count = Int(numbers[0])
        restarts = Array(numbers.dropFirst())
        precondition(restarts.count == (count + Self.restart - 1) / Self.restart,
                     "The places' tables are out of step: make them again with scripts/make-place-tables.py")
    }

    /// The line that starts at byte `start`.
    private func line(at start: Int) -> Line {
        var end = start
        while end < byteCount && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return Line(start: start, end: end)
    }

    func line(_ index: Int) -> Line {
        var line = line(at: Int(restarts[index / Self.restart]))
        for _ in 0..<index % Self.restart { line = self.line(at: line.end + 1) }
        return line
    }

    /// The number of leading bytes the line shares with the line before.
    func shared(_ line: Line) -> Int { Int(bytes[line.start]) - 0x21 }

    private func keyEnd(_ line: Line) -> Int {
        if trailer > 0 { return line.end - trailer }
        var index = line.start + 1
        while index < line.end && bytes[index] != UInt8(ascii: "\t") { index += 1 }
        return index
    }

    /// The bytes of the line's key that it does not share with the line before.
    func suffix(_ line: Line) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + line.start + 1, count: keyEnd(line) - line.start - 1)
    }

    /// What follows the key: the trailer, or what follows the tab (empty when there is none).
    func payload(_ line: Line) -> UnsafeBufferPointer<UInt8> {
        let keyEnd = keyEnd(line)
        let start = trailer > 0 ? keyEnd : min(keyEnd + 1, line.end)
        return UnsafeBufferPointer(start: bytes + start, count: line.end - start)
    }

    func payload(_ index: Int) -> UnsafeBufferPointer<UInt8> { payload(line(index)) }

    /// The whole key of line `index`.
    func key(_ index: Int) -> [UInt8] { Cursor(list: self, line: index).key }

    /// The first line whose key is not less than `query` (bytewise), `count` when there is none.
    func lowerBound(_ query: [UInt8]) -> Int {
        // The first block whose first key is not less than the query; the answer is in the block before it or is
        // that block's first line.
        var low = 0, high = restarts.count
        while low < high {
            let middle = (low + high) / 2
            if compare(suffix(line(at: Int(restarts[middle]))), query) >= 0 { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return 0 }
        var cursor = Cursor(list: self, line: (low - 1) * Self.restart)
        while cursor.line < min(low * Self.restart, count) {
            if compare(cursor.key, query) >= 0 { return cursor.line }
            cursor.advance()
        }
        return min(low * Self.restart, count)
    }

    /// Walks the lines from one, rebuilding each key.
    struct Cursor {
        let list: KeyList
        private(set) var line: Int
        private(set) var current: Line
        private(set) var key: [UInt8] = []

        init(list: KeyList, line: Int) {
            self.list = list
            self.line = line
            current = Line(start: 0, end: 0)
            guard line < list.count else { return }
            let first = line / KeyList.restart * KeyList.restart
            self.line = first
            current = list.line(first)
            key = Array(list.suffix(current))
            while self.line < line { step() }
        }

        var isAtEnd: Bool { line >= list.count }

        /// The number of leading bytes this key shares with the one before (0 on a restart line).
        var shared: Int { list.shared(current) }

        var payload: UnsafeBufferPointer<UInt8> { list.payload(current) }

        mutating func advance() {
            guard line + 1 < list.count else {
                line = list.count
                return
            }
            step()
        }

        private mutating func step() {
            line += 1
            current = list.line(at: current.end + 1)
            key.removeSubrange(list.shared(current)...)
            key.append(contentsOf: list.suffix(current))
        }
    }
}

/// Bytewise comparison, the order the script sorts in: negative, zero or positive.
func compare(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
    var left = a.makeIterator(), right = b.makeIterator()
    while true {
        switch (left.next(), right.next()) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case let (x?, y?) where x != y: return x < y ? -1 : 1
        default: continue
        }
    }
}
