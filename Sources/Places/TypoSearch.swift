/// Names within a few typing mistakes of a query: the edit distance (insertions, deletions, substitutions and swaps
/// of two neighbours, on UTF-8 bytes) computed row by row down the sorted list, each name reusing the rows of the
/// prefix it shares with the one before, and skipping every name under a prefix already too far from the query.
enum TypoSearch {
    static func matches(in list: KeyList, query: [UInt8], maxEdits: Int, lines: Range<Int>, visit: (KeyList.Cursor, Int) -> Void) {
        guard !lines.isEmpty else { return }
        let width = query.count + 1
        let maxDepth = query.count + maxEdits + 2
        var rows = [Int](repeating: 0, count: (maxDepth + 1) * width)
        var minima = [Int](repeating: 0, count: maxDepth + 1)
        for column in 0..<width { rows[column] = column }
        var cursor = KeyList.Cursor(list: list, line: lines.lowerBound)
        var previous = [UInt8]()
        var computed = 0          // rows 1...computed hold the current key's first `computed` bytes
        var pruned = Int.max      // names sharing this many bytes with the last one are too far already
        var skipped = 0, jumped = true
        while !cursor.isAtEnd && cursor.line < lines.upperBound {
            let key = cursor.key
            var common = cursor.shared
            if jumped || cursor.line % KeyList.restart == 0 {
                jumped = false
                common = 0
                let limit = min(key.count, previous.count)
                while common < limit && key[common] == previous[common] { common += 1 }
            }
            if common >= pruned {
                skipped += 1
                // Many names under a hopeless prefix: leap past them all, to the first name after the prefix.
                if skipped == KeyList.restart, previous[pruned - 1] < 0xFF {
                    var after = Array(previous[..<pruned])
                    after[pruned - 1] += 1
                    let target = list.lowerBound(after)
                    if target > cursor.line {
                        cursor = KeyList.Cursor(list: list, line: target)
                        jumped = true
                        continue
                    }
                }
                cursor.advance()
                continue
            }
            skipped = 0
            pruned = Int.max
            computed = min(computed, common)
            var depth = computed + 1
            while depth <= key.count {
                guard depth <= maxDepth else { pruned = depth; break }
                let row = depth * width, above = row - width
                rows[row] = depth
                var minimum = depth
                let byte = key[depth - 1]
                for column in 1..<width {
                    var value = min(rows[above + column] + 1, rows[row + column - 1] + 1,
                                    rows[above + column - 1] + (byte == query[column - 1] ? 0 : 1))
                    if depth > 1 && column > 1 && byte == query[column - 2] && key[depth - 2] == query[column - 1] {
                        value = min(value, rows[above - width + column - 2] + 1)
                    }
                    rows[row + column] = value
                    minimum = min(minimum, value)
                }
                minima[depth] = minimum
                computed = depth
                // Two rows past the limit: no longer name can come back within it, swaps included.
                if minimum > maxEdits && minima[depth - 1] > maxEdits && depth > 1 {
                    pruned = depth
                    break
                }
                depth += 1
            }
            if pruned == Int.max, rows[key.count * width + query.count] <= maxEdits {
                visit(cursor, rows[key.count * width + query.count])
            }
            previous = key
            cursor.advance()
        }
    }
}

extension TypoSearch {
    /// The number of typing mistakes between two keys (insertions, deletions, substitutions and swaps of two
    /// neighbours, on UTF-8 bytes), by the whole table: what the linear scan measures every name with.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let width = b.count + 1
        var rows = [Int](repeating: 0, count: (a.count + 1) * width)
        for j in 0...b.count { rows[j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            rows[i * width] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                var value = min(rows[(i - 1) * width + j] + 1, rows[i * width + j - 1] + 1,
                                rows[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, rows[(i - 2) * width + j - 2] + 1)
                }
                rows[i * width + j] = value
            }
        }
        return rows[a.count * width + b.count]
    }
}
