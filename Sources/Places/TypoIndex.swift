import Foundation
import Support

/// Names within one or two typing mistakes of a query, found through an index instead of a walk down the name
/// lists: the names that start with one byte (the search keeps a query's first letter, as `TypoSearch` does), each
/// split into halves, each half filed under a hash of itself and of itself with one byte left out.
///
/// Why that finds every name within `k` mistakes (k ≤ 2), insertions, deletions, substitutions and swaps of two
/// neighbours counted as one each (optimal string alignment, on UTF-8 bytes): split a name `s` of `L` bytes at
/// `h = L / 2`. The cheapest alignment of `s` with the query `q` passes row `h` at some column `h′` (a swap across
/// the cut counted as two substitutions), so the mistakes left of the cut and right of it add up to at most `k + 1`
/// when a swap crosses the cut, else `k`. With `k = 2`, one half is within one mistake of its part of the query,
/// which starts or ends within one byte of where the half does: the half and the query's part then share the half
/// itself or themselves less one byte (a substitution leaves the same byte out of both, a swap one of the pair
/// each), and the query looks up its parts and their one-byte-shorter forms. With `k = 1`, one half equals its
/// part of the query, or the only mistake is a swap across the cut, which the query undoes and looks up. Every
/// name found is then measured exactly, so a hash that collides costs time, not correctness.
final class TypoIndex: Sendable {
    /// The distinct keys of the names, one after another: key `i` is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`.
    private let keyBytes: [UInt8]
    private let keyStarts: [Int32]
    /// The place lines of key `i` (places whose own name or other name it is): `places[placeStarts[i]..<placeStarts[i + 1]]`,
    /// with `otherName` set where the key is one of the place's other names.
    private let placeStarts: [Int32]
    private let places: [Int32]
    /// Which bytes each key holds (`byteBit`): a name with more than `k` bits the query lacks, or the other way
    /// round, is more than `k` mistakes away, and is set aside before it is measured.
    private let masks: [UInt64]
    /// Keys filed under slot `s` are `postings[slotStarts[s]..<slotStarts[s + 1]]`: 16 bits a key, as no letter has
    /// 65,536 distinct names (the most, 58,906, start with the byte 0xD0: Cyrillic).
    private let slotStarts: [UInt32]
    private let postings: [UInt16]
    private let slotShift: UInt64
    /// `base` to the powers 0, 1, 2, …, past the longest key.
    private let powers: [UInt64]
    private let longestKey: Int

    /// The index of names starting with `firstByte`, built on first use (a few milliseconds for the largest
    /// letter) and kept.
    static func index(startingWith firstByte: UInt8, table: PlaceTable = .shared) -> TypoIndex {
        cache.withLock { built in
            if let index = built[Int(firstByte)] { return index }
            let index = TypoIndex(firstByte: firstByte, table: table)
            built[Int(firstByte)] = index
            return index
        }
    }

    /// The bit of a place line that says the key is one of the place's other names (lines need 18 bits).
    static let otherName: Int32 = 1 << 30

    private static let cache = Locked([TypoIndex?](repeating: nil, count: 256))

    init(firstByte: UInt8, table: PlaceTable) {
        // The names of both lists that start with the byte; a run of equal names in a list (Springfield, San José) is
        // one key with many places.
        var keyBytes = [UInt8](), keyStarts: [Int32] = [0], placeStarts: [Int32] = [0], places = [Int32]()
        for (list, isAlternate) in [(table.names, false), (table.alternates, true)] {
            let end = firstByte == 0xFF ? list.count : list.lowerBound([firstByte + 1])
            var cursor = KeyList.Cursor(list: list, line: list.lowerBound([firstByte]))
            var first = true
            while !cursor.isAtEnd && cursor.line < end {
                let key = cursor.key
                // The marker says so, except on a restart line or past the most bytes a marker counts.
                let previousStart = first ? keyBytes.count : Int(keyStarts[keyStarts.count - 2])
                let repeated = !first && keyBytes.count - previousStart == key.count
                    && (cursor.shared == key.count || ((cursor.line % KeyList.restart == 0 || key.count > 90)
                        && key.indices.allSatisfy { keyBytes[previousStart + $0] == key[$0] }))
                if !repeated {
                    keyBytes.append(contentsOf: key)
                    keyStarts.append(Int32(keyBytes.count))
                    placeStarts.append(placeStarts[placeStarts.count - 1])
                }
                places.append(isAlternate ? Int32(table.alternatePlace(cursor.payload)) | Self.otherName : Int32(cursor.line))
                placeStarts[placeStarts.count - 1] += 1
                first = false
                cursor.advance()
            }
        }
        let keyCount = keyStarts.count - 1
        precondition(keyCount <= Int(UInt16.max) + 1, "more names start with one byte than 16-bit postings can tell apart")
        var longestKey = 0
        for key in 0..<keyCount { longestKey = max(longestKey, Int(keyStarts[key + 1] - keyStarts[key])) }
        var powers = [UInt64](repeating: 1, count: longestKey + 4)
        for exponent in 1..<powers.count { powers[exponent] = powers[exponent - 1] &* Self.base }

        // Every entry's slot, key by key (a half gives itself and at most one entry a byte), then the keys sorted
        // into their slots by counting.
        let most = keyBytes.count + 2 * keyCount
        // About three entries a slot: a look-up reads a few keys more, and the slots stay small enough to fill fast.
        let bits = max(4, Int.bitWidth - most.leadingZeroBitCount - 2)
        let slotShift = UInt64(64 - bits)
        var entrySlots = [UInt32](repeating: 0, count: most), entryStarts = [Int32](repeating: 0, count: keyCount + 1)
        var masks = [UInt64](repeating: 0, count: keyCount)
        var slotStarts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        keyBytes.withUnsafeBufferPointer { bytes in
            powers.withUnsafeBufferPointer { powers in
                slotStarts.withUnsafeMutableBufferPointer { counts in
                    entrySlots.withUnsafeMutableBufferPointer { entries in
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: longestKey + 1) { prefix in
                            var filed = 0
                            for key in 0..<keyCount {
                                let start = Int(keyStarts[key]), length = Int(keyStarts[key + 1]) - start
                                var mask: UInt64 = 0
                                for index in start..<start + length { mask |= 1 << UInt64(Self.byteBit[Int(bytes[index])]) }
                                masks[key] = mask
                                let cut = length / 2
                                for side in 0..<2 {
                                    let lower = side == 0 ? start : start + cut, count = side == 0 ? cut : length - cut
                                    prefix[0] = 0
                                    for index in 0..<count { prefix[index + 1] = prefix[index] &* Self.base &+ UInt64(bytes[lower + index]) }
                                    var slot = Self.slot(prefix[count], length: length, side: side, bytes: count, shift: slotShift)
                                    entries[filed] = UInt32(truncatingIfNeeded: slot)
                                    counts[slot + 1] += 1
                                    filed += 1
                                    // The half less one byte; of a run of equal bytes only the last, which gives the same string.
                                    for left in 0..<count where left == count - 1 || bytes[lower + left] != bytes[lower + left + 1] {
                                        let after = prefix[count] &- prefix[left + 1] &* powers[count - left - 1]
                                        slot = Self.slot(prefix[left] &* powers[count - left - 1] &+ after, length: length, side: side,
                                                         bytes: count - 1, shift: slotShift)
                                        entries[filed] = UInt32(truncatingIfNeeded: slot)
                                        counts[slot + 1] += 1
                                        filed += 1
                                    }
                                }
                                entryStarts[key + 1] = Int32(filed)
                            }
                        }
                    }
                }
            }
        }
        for slot in 1..<slotStarts.count { slotStarts[slot] += slotStarts[slot - 1] }
        var postings = [UInt16](repeating: 0, count: Int(entryStarts[keyCount]))
        var next = slotStarts
        postings.withUnsafeMutableBufferPointer { postings in
            next.withUnsafeMutableBufferPointer { next in
                entrySlots.withUnsafeBufferPointer { entries in
                    for key in 0..<keyCount {
                        for entry in Int(entryStarts[key])..<Int(entryStarts[key + 1]) {
                            let slot = Int(entries[entry])
                            postings[Int(next[slot])] = UInt16(truncatingIfNeeded: key)
                            next[slot] += 1
                        }
                    }
                }
            }
        }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.placeStarts = placeStarts
        self.places = places
        self.masks = masks
        self.slotStarts = slotStarts
        self.postings = postings
        self.slotShift = slotShift
        self.powers = powers
        self.longestKey = longestKey
    }

    /// Calls `visit` with the place line, the number of mistakes and whether the name is one of the place's other names, for
    /// every name within `maxEdits` (1 or 2) of `query`, whose first byte must be the index's. A place may come more than once.
    func matches(_ query: [UInt8], maxEdits: Int, visit: (Int, Int, Bool) -> Void) {
        precondition((1...2).contains(maxEdits), "the index finds names within one or two mistakes")
        let m = query.count
        guard m > 0, longestKey > 0, m - maxEdits <= longestKey else { return }
        let queryMask = Self.mask(query)
        query.withUnsafeBufferPointer { q in
            powers.withUnsafeBufferPointer { powers in
                keyBytes.withUnsafeBufferPointer { keyBytes in
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (keyStarts.count + 62) / 64) { seen in
                        seen.initialize(repeating: 0)
                        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows in
                            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: m + 1) { prefixHashes in
                                prefixHashes[0] = 0
                                for index in 0..<m { prefixHashes[index + 1] = prefixHashes[index] &* Self.base &+ UInt64(q[index]) }
                                let search = Search(index: self, query: q, maxEdits: maxEdits, queryMask: queryMask, keyBytes: keyBytes,
                                                    powers: powers, prefixHashes: UnsafeBufferPointer(prefixHashes), seen: seen, rows: rows)
                                search.run(visit)
                            }
                        }
                    }
                }
            }
        }
    }

    /// One look-up: the probes for each length a name within reach can have, and the names they find, measured.
    private struct Search {
        let index: TypoIndex
        let query: UnsafeBufferPointer<UInt8>
        let maxEdits: Int
        let queryMask: UInt64
        let keyBytes: UnsafeBufferPointer<UInt8>
        let powers: UnsafeBufferPointer<UInt64>
        let prefixHashes: UnsafeBufferPointer<UInt64>
        let seen: UnsafeMutableBufferPointer<UInt64>
        let rows: UnsafeMutableBufferPointer<Int>

        func run(_ visit: (Int, Int, Bool) -> Void) {
            let m = query.count
            for length in max(1, m - maxEdits)...min(m + maxEdits, index.longestKey) {
                let cut = length / 2, rightBytes = length - cut
                if maxEdits == 1 {
                    // One mistake: the left half is the query's first `cut` bytes, or the right half its last bytes,
                    // or the mistake is a swap across the cut.
                    if cut <= m { probe(part(0, cut), length: length, side: 0, visit) }
                    if rightBytes <= m { probe(part(m - rightBytes, m), length: length, side: 1, visit) }
                    if length == m, cut >= 1, cut < m, query[cut - 1] != query[cut] {
                        let swapped = part(0, cut - 1).hash &* TypoIndex.base &+ UInt64(query[cut])
                        probe(hash: swapped, bytes: cut, length: length, side: 0, visit)
                    }
                } else {
                    // Two mistakes: one half within one of its part of the query, which starts or ends within a byte
                    // of where the half does.
                    for end in max(0, cut - 1)...min(m, cut + 1) {
                        probeWithinOne(part(0, end), halfBytes: cut, length: length, side: 0, visit)
                    }
                    for start in max(0, m - rightBytes - 1)...max(0, min(m, m - rightBytes + 1)) {
                        probeWithinOne(part(start, m), halfBytes: rightBytes, length: length, side: 1, visit)
                    }
                }
            }
        }

        /// The query's bytes `start..<end`, hashed.
        func part(_ start: Int, _ end: Int) -> Part {
            Part(start: start, end: end, hash: prefixHashes[end] &- prefixHashes[start] &* powers[end - start])
        }

        /// Looks up what a half of `halfBytes` bytes within one mistake of `part` may share with it: the part itself
        /// when it is as long as the half or a byte shorter, the part less one byte when it is as long or a byte longer.
        func probeWithinOne(_ part: Part, halfBytes: Int, length: Int, side: Int, _ visit: (Int, Int, Bool) -> Void) {
            let count = part.end - part.start
            if count == halfBytes || count == halfBytes - 1 {
                probe(hash: part.hash, bytes: count, length: length, side: side, visit)
            }
            if count >= 1 && (count == halfBytes || count == halfBytes + 1) {
                for left in part.start..<part.end where left == part.end - 1 || query[left] != query[left + 1] {
                    // The part without byte `left`: its bytes before, shifted past those after.
                    let before = prefixHashes[left] &- prefixHashes[part.start] &* powers[left - part.start]
                    let after = prefixHashes[part.end] &- prefixHashes[left + 1] &* powers[part.end - left - 1]
                    probe(hash: before &* powers[part.end - left - 1] &+ after, bytes: count - 1, length: length, side: side, visit)
                }
            }
        }

        func probe(_ part: Part, length: Int, side: Int, _ visit: (Int, Int, Bool) -> Void) {
            probe(hash: part.hash, bytes: part.end - part.start, length: length, side: side, visit)
        }

        func probe(hash: UInt64, bytes: Int, length: Int, side: Int, _ visit: (Int, Int, Bool) -> Void) {
            let slot = TypoIndex.slot(hash, length: length, side: side, bytes: bytes, shift: index.slotShift)
            let m = query.count
            for posting in Int(index.slotStarts[slot])..<Int(index.slotStarts[slot + 1]) {
                let key = Int(index.postings[posting])
                let word = key >> 6, bit = UInt64(1) << UInt64(key & 63)
                if seen[word] & bit != 0 { continue }
                seen[word] |= bit
                let keyMask = index.masks[key]
                guard (queryMask & ~keyMask).nonzeroBitCount <= maxEdits, (keyMask & ~queryMask).nonzeroBitCount <= maxEdits else { continue }
                let start = Int(index.keyStarts[key]), end = Int(index.keyStarts[key + 1])
                guard abs(end - start - m) <= maxEdits else { continue }
                if let distance = boundedDistance(UnsafeBufferPointer(rebasing: keyBytes[start..<end])) {
                    for place in Int(index.placeStarts[key])..<Int(index.placeStarts[key + 1]) {
                        let entry = index.places[place]
                        visit(Int(entry & ~TypoIndex.otherName), distance, entry & TypoIndex.otherName != 0)
                    }
                }
            }
        }

        /// The number of mistakes between `key` and the query, or nil when it is more than `maxEdits`: the rows of
        /// the distance table only within `maxEdits` of the diagonal, cells outside counted as too far.
        func boundedDistance(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
            let m = query.count, k = maxEdits, far = k + 1, width = m + 1
            var before = 0, previous = width, current = 2 * width  // rows i - 2, i - 1, i
            for column in 0...m { rows[previous + column] = column <= k ? column : far }
            for i in stride(from: 1, through: key.count, by: 1) {
                let low = max(1, i - k), high = min(m, i + k)
                if low > high { return nil }
                rows[current] = i <= k ? i : far
                if low - 1 >= 1 { rows[current + low - 1] = far }
                if high + 1 <= m { rows[current + high + 1] = far }
                var minimum = rows[current]
                let byte = key[i - 1]
                for j in low...high {
                    let q = query[j - 1]
                    var value = min(rows[previous + j - 1] + (byte == q ? 0 : 1), rows[previous + j] + 1, rows[current + j - 1] + 1)
                    if i > 1 && j > 1 && byte == query[j - 2] && key[i - 2] == q {
                        value = min(value, rows[before + j - 2] + 1)
                    }
                    value = min(value, far)
                    rows[current + j] = value
                    minimum = min(minimum, value)
                }
                // A row all past the limit: the next rows can only be further (a swap reaches back one more row, but
                // from a row no nearer than this one less one).
                if minimum > k { return nil }
                (before, previous, current) = (previous, current, before)
            }
            let distance = rows[previous + m]
            return distance <= k ? distance : nil
        }
    }

    struct Part {
        let start: Int, end: Int, hash: UInt64
    }

    /// The polynomial hash's base: a string's hash is the sum of its bytes times the base to the number of bytes after.
    static let base: UInt64 = 0x100_0000_01B3

    /// A string's slot: its hash, with the key's length, the half and the string's own length, mixed (splitmix64's
    /// finaliser), the top bits.
    @inline(__always)
    static func slot(_ hash: UInt64, length: Int, side: Int, bytes: Int, shift: UInt64) -> Int {
        var z = hash &+ (UInt64(length) << 32 | UInt64(side) << 31 | UInt64(bytes)) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) >> shift)
    }

    /// One bit per byte value: a to z, space and the digits have bits of their own, other bytes share the rest.
    static let byteBit: [UInt8] = (0..<256).map { byte -> UInt8 in
        switch byte {
        case 0x61...0x7A: UInt8(byte - 0x61)
        case 0x20: 26
        case 0x30...0x39: UInt8(27 + byte - 0x30)
        default: UInt8(37 + byte % 27)
        }
    }

    static func mask(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 | UInt64(1) << UInt64(byteBit[Int($1)]) }
    }
}
