import Foundation
@testable import Places

/// The typing mistakes' index finds what the walk down the sorted lists finds: names of both lists, in every
/// script, with one or two mistakes of every kind made at random (the first byte kept, as the search keeps it),
/// each looked up with one and two mistakes allowed; the index misses none that the walk finds, and finds no other.
public enum TypoIndexWalk {
    public static func run(_ sampling: Sampling) -> WalkReport {
        var report = WalkReport()
        // The mistakes are drawn for every name, sampled or not, so that a sampled name is misspelt as in the whole walk.
        var random = SplitMix(seed: 23)
        let table = PlaceTable.shared
        var misspelt = 0, compared = 0, nonEmpty = 0
        // The names misspelt: every `step`th line of each list from the 7th, so every script comes up.
        for (list, step) in [(table.names, 1_201), (table.alternates, 1_409)] {
            for line in stride(from: 7, to: list.count, by: step) {
                var key = list.key(line)
                let edits = random.next(2) + 1
                for _ in 0..<edits { key = mistake(in: key, random: &random) }
                guard key.count >= 2 else { continue }
                misspelt += 1
                guard sampling.includes(misspelt - 1) else { continue }
                report.lookedUp += 1
                for limit in [1, 2] {
                    let walked = walk(key, edits: limit), found = indexed(key, edits: limit)
                    report.check(found == walked,
                                 "\(String(decoding: key, as: UTF8.self)), \(limit): \(found.count) found, \(walked.count) walked")
                    compared += 1
                    nonEmpty += walked.isEmpty ? 0 : 1
                }
            }
        }
        report.check(misspelt > 250, "only \(misspelt) names misspelt")
        report.check(compared > 500 / sampling.stride && nonEmpty > compared / 3,
                     "\(compared) compared, \(nonEmpty) of them found by the walk: too few to tell")
        report.summary = "typing mistakes' index (\(sampling)): \(compared) lookups of \(report.lookedUp) of \(misspelt) misspelt names "
            + "find what the walk finds, \(nonEmpty) of them something"
        return report
    }

    /// The places within `edits` mistakes of `key` among the names sharing its first byte, by the walk down the lists.
    static func walk(_ key: [UInt8], edits: Int) -> [Int: Int] {
        let table = PlaceTable.shared
        var found: [Int: Int] = [:]
        for (list, isAlternate) in [(table.names, false), (table.alternates, true)] {
            let range = list.lowerBound([key[0]])..<(key[0] == 0xFF ? list.count : list.lowerBound([key[0] + 1]))
            TypoSearch.matches(in: list, query: key, maxEdits: edits, lines: range) { cursor, distance in
                let place = isAlternate ? table.alternatePlace(cursor.payload) : cursor.line
                found[place] = min(found[place] ?? distance, distance)
            }
        }
        return found
    }

    static func indexed(_ key: [UInt8], edits: Int) -> [Int: Int] {
        var found: [Int: Int] = [:]
        TypoIndex.index(startingWith: key[0]).matches(key, maxEdits: edits) { place, distance, _ in
            found[place] = min(found[place] ?? distance, distance)
        }
        return found
    }

    /// One typing mistake, anywhere but the first byte: a byte left out, one put in, one changed, two swapped.
    static func mistake(in key: [UInt8], random: inout SplitMix) -> [UInt8] {
        guard key.count >= 2 else { return key }
        var key = key
        let at = 1 + random.next(key.count - 1)
        let byte = key[random.next(key.count)] &+ UInt8(random.next(3))  // a byte of the name or a neighbour of one
        switch random.next(4) {
        case 0: key.remove(at: at)
        case 1: key.insert(byte, at: at)
        case 2: key[at] = byte
        default: if at + 1 < key.count { key.swapAt(at, at + 1) } else { key.swapAt(at - 1, at) }
        }
        return key
    }
}

/// A small deterministic random source: the same mistakes on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
