import ChartModel
import Foundation
import Geometry
import Testing
import TestSupport
@testable import WheelRender

/// The glyph table: one drawing per glyph, inside its cell with room for the stroke.
@Suite
struct GlyphPathsTests {
    @Test(arguments: Glyph.allCases)
    func everyGlyphHasAPathInsideItsCell(glyph: Glyph) throws {
        let path = try #require(GlyphPaths.table[glyph])
        #expect(path.first == "M")
        // GlyphOutline reads the absolute commands M L H V C Q A Z, which is all the table may use.
        #expect(path.allSatisfy { "MLHVCQAZ0123456789.-, ".contains($0) }, "absolute path data only")
        let numbers = path.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        #expect(numbers.allSatisfy { $0 >= 0 && $0 <= 24 }, "coordinates within the 24-unit grid")
        let outline = GlyphOutline.all[glyph.ordinal]
        #expect(outline.verbs.first == .move, "\(glyph) starts with a move")
        #expect(outline.pairs.count >= outline.verbs.count - 1, "a point for every element but the closing ones")
    }

    @Test func eachGlyphsOrdinalIsItsPlaceAmongAllCases() {
        #expect(Glyph.allCases.map(\.ordinal) == Array(Glyph.allCases.indices))
    }

    /// The true and the mean node too: a chart may carry both, a degree or so apart.
    @Test func everyBodyHasItsOwnGlyph() {
        let glyphs = BodyID.allCases.map(Glyph.forBody)
        #expect(Set(glyphs).count == glyphs.count)
        #expect(GlyphPaths.table[.meanNode] != GlyphPaths.table[.northNode])
    }

    @Test func theTableHasNoGlyphTheEnumDoesNotKnow() {
        #expect(GlyphPaths.table.count == Glyph.allCases.count)
    }
}
