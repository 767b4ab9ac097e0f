/// A zlib stream (RFC 1950/1951) for PNG scanlines under the `Sub` filter, written in one Huffman block.
///
/// A wheel is flat colour, so its filtered rows are long runs of zero bytes between a few edge pixels. This
/// encoder looks for nothing else: a run of zeros becomes copies of the byte before it (distance 1), every other
/// byte a literal, and the literals and run lengths get a Huffman code fitted to their counts. It does about a
/// tenth of zlib's work for output a few per cent larger than zlib's fastest setting.
///
/// An image can be read in bands, one `ZeroRunDeflater` each, on several threads; `zlibStream(_:)` then joins
/// them into one stream. A band starts with a row's filter-type byte, never with a copy.
///
/// Sendable because a band's buffers belong to it alone: one thread fills them, then hands the band over.
struct ZeroRunDeflater: @unchecked Sendable {
    /// Owns the buffers; the struct keeps plain pointers to them so that the per-byte path stays cheap.
    private final class Storage {
        var tokens: UnsafeMutablePointer<UInt16>
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 286)
        init(capacity: Int) {
            tokens = .allocate(capacity: capacity)
            counts.initialize(repeating: 0, count: 286)
        }
        func grow(from capacity: Int, to newCapacity: Int) {
            let larger = UnsafeMutablePointer<UInt16>.allocate(capacity: newCapacity)
            larger.moveInitialize(from: tokens, count: capacity)
            tokens.deallocate()
            tokens = larger
        }
        deinit {
            tokens.deallocate()
            counts.deallocate()
        }
    }

    private let storage: Storage
    /// A literal byte (0...255), or a copy of `length` zeros stored as `matchFlag | (length - 3)`.
    private var tokens: UnsafeMutablePointer<UInt16>
    private let literalLengthCounts: UnsafeMutablePointer<Int>
    private var capacity: Int
    private var tokenCount = 0
    private let rowBytes: Int
    private var rows = 0
    private var pendingZeros = 0
    private var lastByteIsZero = false
    /// Adler-32's sums, reduced at each row's start: within a row they cannot overflow.
    private var adlerA: UInt64 = 1, adlerB: UInt64 = 0

    private static let matchFlag: UInt16 = 0x100
    private static let modulus: UInt64 = 65521

    /// For `rows` rows of `rowBytes` bytes, the filter-type byte included; a wheel needs a token for about
    /// one byte in eight.
    init(rowBytes: Int, rows: Int) {
        self.rowBytes = rowBytes
        capacity = rowBytes * rows / 8 + 64
        storage = Storage(capacity: capacity)
        tokens = storage.tokens
        literalLengthCounts = storage.counts
    }

    /// Starts a row with its filter-type byte.
    mutating func startRow(filter: UInt8) {
        if pendingZeros > 0 { flushZeros() }
        // A row adds at most 255 × 65,537 to a and a × 65,537 to b: far from overflowing 64 bits.
        adlerA %= Self.modulus
        adlerB %= Self.modulus
        rows += 1
        append(filter)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if byte == 0 { pendingZeros += 1; return }
        if pendingZeros > 0 { flushZeros() }
        emit(UInt16(byte), symbol: Int(byte))
        adlerA &+= UInt64(byte)
        adlerB &+= adlerA
        lastByteIsZero = false
    }

    @inline(__always)
    mutating func appendZeros(_ count: Int) { pendingZeros += count }

    /// Ends the band: the zeros still counted become tokens.
    mutating func finishBand() {
        if pendingZeros > 0 { flushZeros() }
        adlerA %= Self.modulus
        adlerB %= Self.modulus
    }

    /// The complete zlib stream of the bands in order: header, one final dynamic-Huffman block, Adler-32.
    static func zlibStream(_ bands: [ZeroRunDeflater]) -> [UInt8] {
        precondition(bands.allSatisfy { $0.pendingZeros == 0 }, "every band is finished first")
        var counts = [Int](repeating: 0, count: 286)
        for band in bands {
            for symbol in 0..<286 { counts[symbol] += band.literalLengthCounts[symbol] }
        }
        counts[256] = 1  // end of block
        let literalLengths = HuffmanCode.lengths(for: counts, limit: 15)
        let literalCode = HuffmanCode(lengths: literalLengths)
        // Every copy is at distance 1 (code 0); code 1 is never used but makes the distance code complete.
        let distanceLengths: [UInt8] = [1, 1]
        // Adler-32 of the bands joined: the sums run on from one band into the next.
        var a: UInt64 = 1, b: UInt64 = 0
        for band in bands {
            b = (b + band.adlerB + UInt64(band.rows * band.rowBytes) % modulus * (a + modulus - 1)) % modulus
            a = (a + band.adlerA + modulus - 1) % modulus
        }
        let adler = UInt32(b << 16 | a)

        // At most 15 bits a literal, and 15 + 5 + 1 a copy, which stands for at least three bytes.
        let capacity = bands.reduce(0) { $0 + $1.tokenCount } * 3 + 2048
        return [UInt8](unsafeUninitializedCapacity: capacity + 4) { buffer, written in
            var out = BitWriter(buffer.baseAddress!, capacity: capacity)
            out.write(0x0178, count: 16)  // zlib header: deflate, 32 KB window, fastest (0x7801 % 31 == 0)
            out.write(0b101, count: 3)  // final block, dynamic Huffman
            writeCodeLengths(literalLengths, distanceLengths, to: &out)
            // Every token's bits, looked up once: a literal's code, or a copy's length code, its extra bits and
            // distance code 0 (one zero bit). Tokens are their own index: 0...255 literals, 256...511 copies.
            let bitsByToken = (0..<512).map { token -> (bits: UInt32, count: UInt8) in
                if token < 256 { return literalCode.bits(token) }
                let entry = lengthSymbols[token - 256 + 3]
                let code = literalCode.bits(Int(entry.symbol))
                return (code.bits | UInt32(entry.extra) << UInt32(code.count), code.count + entry.extraBits + 1)
            }
            // The bands own the token buffers read through plain pointers here.
            withExtendedLifetime(bands) { bitsByToken.withUnsafeBufferPointer { table in
                for band in bands {
                    for index in 0..<band.tokenCount {
                        let entry = table[Int(band.tokens[index])]
                        out.write(UInt64(entry.bits), count: Int(entry.count))
                    }
                }
            } }
            literalCode.write(256, to: &out)
            out.flush()
            out.write(UInt64(adler.byteSwapped), count: 32)  // big-endian
            written = out.count
        }
    }

    @inline(__always)
    private mutating func emit(_ token: UInt16, symbol: Int) {
        if tokenCount == capacity {
            storage.grow(from: capacity, to: capacity * 2)
            tokens = storage.tokens
            capacity *= 2
        }
        tokens[tokenCount] = token
        tokenCount += 1
        literalLengthCounts[symbol] += 1
    }

    private mutating func flushZeros() {
        var count = pendingZeros
        pendingZeros = 0
        adlerB &+= UInt64(count) &* adlerA  // each zero adds a to b
        if !lastByteIsZero {
            // A copy needs a zero before it to copy from.
            emit(0, symbol: 0)
            count -= 1
            lastByteIsZero = true
        }
        while count >= 3 {
            let length = min(count, 258)
            emit(Self.matchFlag | UInt16(length - 3), symbol: Int(Self.lengthSymbols[length].symbol))
            count -= length
        }
        for _ in 0..<count { emit(0, symbol: 0) }
    }

    /// The code lengths of both codes, themselves Huffman-coded with the code-length alphabet 0...15
    /// (no run-length codes 16–18: the table is a few hundred bits either way).
    private static func writeCodeLengths(_ literalLengths: [UInt8], _ distanceLengths: [UInt8], to out: inout BitWriter) {
        var literalCount = literalLengths.count
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        let all = literalLengths[..<literalCount] + distanceLengths
        var counts = [Int](repeating: 0, count: 19)
        for length in all { counts[Int(length)] += 1 }
        let lengthCodeLengths = HuffmanCode.lengths(for: counts, limit: 7)
        let lengthCode = HuffmanCode(lengths: lengthCodeLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var orderCount = order.count
        while orderCount > 4 && lengthCodeLengths[order[orderCount - 1]] == 0 { orderCount -= 1 }
        out.write(UInt64(literalCount - 257), count: 5)
        out.write(UInt64(distanceLengths.count - 1), count: 5)
        out.write(UInt64(orderCount - 4), count: 4)
        for symbol in order[..<orderCount] { out.write(UInt64(lengthCodeLengths[symbol]), count: 3) }
        for length in all { lengthCode.write(Int(length), to: &out) }
    }

    /// For each copy length 3...258: its symbol 257...285 and extra bits (RFC 1951, 3.2.5).
    private static let lengthSymbols: [(symbol: UInt16, extraBits: UInt8, extra: UInt16)] = {
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [(symbol: UInt16, extraBits: UInt8, extra: UInt16)](repeating: (0, 0, 0), count: 259)
        for length in 3...258 {
            let index = length == 258 ? 28 : bases.lastIndex { $0 <= length }!
            table[length] = (UInt16(257 + index), extraBits[index], UInt16(length - bases[index]))
        }
        return table
    }()
}

/// Bits packed least significant first, as deflate wants, into a buffer its user owns and sized.
struct BitWriter {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0
    private var buffer: UInt64 = 0
    private var used = 0

    /// Writes to `bytes`, which has room for `capacity` bytes and four more.
    init(_ bytes: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.bytes = bytes
        self.capacity = capacity
    }

    /// Writes the low `count` bits of `bits`, at most 32.
    @inline(__always)
    mutating func write(_ bits: UInt64, count bitCount: Int) {
        buffer |= bits << UInt64(used)
        used += bitCount
        if used >= 32 {
            precondition(count < capacity, "more bits than the writer was made for")
            UnsafeMutableRawPointer(bytes + count).storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
            count += 4
            buffer >>= 32
            used -= 32
        }
    }

    /// Writes out the bits held back, the last byte padded with zeros: the writer is then byte-aligned.
    mutating func flush() {
        while used > 0 {
            precondition(count < capacity, "more bits than the writer was made for")
            bytes[count] = UInt8(truncatingIfNeeded: buffer)
            count += 1
            buffer >>= 8
            used = max(0, used - 8)
        }
    }
}

/// A canonical Huffman code (RFC 1951, 3.2.2), its codes stored bit-reversed for a least-significant-first writer.
struct HuffmanCode {
    private var codes: [UInt16]
    private var lengths: [UInt8]

    init(lengths: [UInt8]) {
        self.lengths = lengths
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + lengthCounts[bits - 1]) << 1
            next[bits] = code
        }
        codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            codes[symbol] = UInt16(reversed)
        }
    }

    /// A symbol's code, bit-reversed, and its length.
    func bits(_ symbol: Int) -> (bits: UInt32, count: UInt8) { (UInt32(codes[symbol]), lengths[symbol]) }

    @inline(__always)
    func write(_ symbol: Int, to out: inout BitWriter) {
        out.write(UInt64(codes[symbol]), count: Int(lengths[symbol]))
    }

    /// Code lengths for symbols with these counts, none longer than `limit`, forming a complete code.
    /// Symbols with count 0 get no code, except that at least two symbols always get one: a decoder such as
    /// zlib's rejects a code of one symbol.
    static func lengths(for counts: [Int], limit: Int) -> [UInt8] {
        var counts = counts
        var used = counts.filter { $0 > 0 }.count
        for symbol in counts.indices where used < 2 && counts[symbol] == 0 {
            counts[symbol] = 1
            used += 1
        }
        // Huffman's merging with two queues over the leaves sorted by count.
        let leaves = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $0) < (counts[$1], $1) }
        var weight = leaves.map { counts[$0] }
        var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
        var leaf = 0, internalNext = leaves.count, internalTaken = leaves.count
        func takeSmallest() -> Int {
            if leaf < leaves.count && (internalTaken == internalNext || weight[leaf] <= weight[internalTaken]) {
                leaf += 1
                return leaf - 1
            }
            internalTaken += 1
            return internalTaken - 1
        }
        while internalNext < parent.count {
            let a = takeSmallest(), b = takeSmallest()
            weight.append(weight[a] + weight[b])
            parent[a] = internalNext
            parent[b] = internalNext
            internalNext += 1
        }
        var depth = [Int](repeating: 0, count: parent.count)
        for node in stride(from: parent.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }

        // Lengths over the limit are cut to it; the Kraft sum, in units of 2^-limit, then exceeds one. Codes
        // are lengthened from the deepest below the limit until it fits, then shortened from the deepest while
        // they still fit, which leaves the code complete.
        var lengths = leaves.indices.map { min(depth[$0], limit) }
        let full = 1 << limit
        var kraft = lengths.reduce(0) { $0 + (1 << (limit - $1)) }
        while kraft > full {
            let deepest = lengths.indices.filter { lengths[$0] < limit }.max { lengths[$0] < lengths[$1] }!
            lengths[deepest] += 1
            kraft -= 1 << (limit - lengths[deepest])
        }
        while kraft < full {
            let deepest = lengths.indices.filter { lengths[$0] > 1 && kraft + (1 << (limit - lengths[$0])) <= full }.max { lengths[$0] < lengths[$1] }!
            kraft += 1 << (limit - lengths[deepest])
            lengths[deepest] -= 1
        }
        var result = [UInt8](repeating: 0, count: counts.count)
        for (index, symbol) in leaves.enumerated() { result[symbol] = UInt8(lengths[index]) }
        return result
    }
}
