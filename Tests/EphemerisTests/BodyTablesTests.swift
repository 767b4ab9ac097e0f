@testable import Ephemeris
import Foundation
import Testing
import TestSupport

/// The tables are read an interval at a time, and read what the whole table holds.
@Suite
struct BodyTablesTests {
    /// Every range of bytes, across the lines' ends and up to a padded end, reads as Foundation decodes the text.
    @Test func base64LinesReadWhatFoundationDecodes() {
        let text: StaticString = "TWFueSBo\nYW5kcyBt\nYWtlIGxp\nZ2h0IHdv\ncms="
        let lines = Base64Lines(text)
        let whole = Array("Many hands make light work".utf8)
        #expect(lines.count == whole.count)
        var wrong: [Range<Int>] = []
        for lower in 0...whole.count {
            for upper in lower...whole.count where lines.bytes(lower..<upper) != Array(whole[lower..<upper]) {
                wrong.append(lower..<upper)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) ranges read wrong, as \(wrong.prefix(4))")
    }

    /// The compiled-in table, at its start, its end, across lines and at random places, reads as Foundation
    /// decodes it whole.
    @Test func theTableReadsAsFoundationDecodesIt() throws {
        let table = Base64Lines(bodyTablesBase64)
        let whole = try #require(Data(base64Encoded: bodyTablesBase64.description, options: .ignoreUnknownCharacters))
        #expect(table.count == whole.count)
        var random = SplitMix64(seed: 21)
        var ranges = [0..<200, whole.count - 200..<whole.count, 85..<95, 89_990..<90_010]
        for _ in 0..<500 {
            let lower = Int.random(in: 0..<whole.count - 300, using: &random)
            ranges.append(lower..<lower + Int.random(in: 0...300, using: &random))
        }
        let wrong = ranges.filter { table.bytes($0) != Array(whole[$0]) }
        #expect(wrong.isEmpty, "\(wrong.count) ranges read wrong, as \(wrong.prefix(4))")
    }

    /// The two tables compiled in: the planets' and Chiron's and the asteroids'.
    static let tables: [(name: String, text: StaticString, bodies: [TabulatedBody])] = [
        ("BodyTables.swift", bodyTablesBase64, TabulatedBody.planets),
        ("AsteroidTables.swift", asteroidTablesBase64, TabulatedBody.minorBodies),
    ]

    /// Both tables' series, in `TabulatedBody` order, freshly read (nothing decoded yet).
    static func freshSeries() -> [ChebyshevSeries] {
        tables.flatMap { BodyTables.read(Base64Lines($0.text), bodies: $0.bodies.count) }
    }

    /// An instant decodes one interval of each body, and reads from it exactly what the shared tables read.
    @Test func anInstantDecodesOneIntervalPerBody() {
        let series = Self.freshSeries()
        #expect(series.map(\.decodedIntervals) == Array(repeating: 0, count: TabulatedBody.allCases.count))
        let julianDay = 2_447_205.9375  // 1988-01-29 10:30 TT
        for body in TabulatedBody.allCases {
            for coordinate in 0..<3 {
                let own = series[body.rawValue].evaluate(coordinate, at: julianDay)
                let shared = BodyTables.series[body.rawValue].evaluate(coordinate, at: julianDay)
                #expect(own == shared, "\(body) coordinate \(coordinate)")
            }
        }
        #expect(series.map(\.decodedIntervals) == Array(repeating: 1, count: TabulatedBody.allCases.count))
    }

    /// Every interval of every body decodes (the index says where each ends, and each holds the coefficients the
    /// header promises), and at each interval's end its series meets the next one's: an index that pointed at the
    /// wrong interval would jump there.
    @Test func everyIntervalMeetsTheNext() {
        let series = Self.freshSeries()
        for body in TabulatedBody.allCases {
            let one = series[body.rawValue]
            var worst = (longitude: 0.0, latitude: 0.0, distance: 0.0)
            for interval in 1..<one.intervals {
                let boundary = one.start + Double(interval) * one.days
                // A millionth of a day before the boundary, carried to it by the rate (the Moon moves 0.05″ in it).
                let before = one.interval(at: boundary - 1e-6), after = one.interval(at: boundary)
                #expect(before.x > 0.99 && after.x == -1)
                let (end, start) = ((0..<3).map { before.evaluate($0) }.map { $0.value + $0.rate * 1e-6 }, (0..<3).map { after.evaluate($0).value })
                worst.longitude = max(worst.longitude, abs(Angle.difference(end[0], start[0])))
                worst.latitude = max(worst.latitude, abs(end[1] - start[1]))
                worst.distance = max(worst.distance, abs(end[2] / start[2] - 1))
            }
            #expect(one.decodedIntervals == (one.intervals - 1) % ChebyshevSeries.intervalsKept + 1, "\(body): intervals kept")
            // The fits are within about 0.005″ and 1e-6 of the ephemeris at both ends (Chiron's 0.03″: its source
            // jumps by up to 0.023″ where its own intervals meet); a wrong interval is degrees off.
            let limit = body == .chiron ? 0.06 : 0.02
            #expect(worst.longitude * 3600 < limit && worst.latitude * 3600 < limit && worst.distance < 2e-6, "\(body): \(worst)")
        }
    }
}
