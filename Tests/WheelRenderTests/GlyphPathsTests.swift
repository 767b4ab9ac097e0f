import Foundation
import Geometry
import Testing
@testable import WheelRender

/// The glyph table: one drawing per glyph, inside its cell with room for the stroke.
struct GlyphPathsTests {
    @Test(arguments: Glyph.allCases)
    func everyGlyphHasAPathInsideItsCell(glyph: Glyph) throws {
        let path = try #require(GlyphPaths.table[glyph])
        #expect(path.first == "M" || path.first == "m")
        #expect(path.allSatisfy { "MLHVCSQTAZmlhvcsqtaz0123456789.-, ".contains($0) }, "path data only")
        // Absolute commands only carry coordinates we can check directly; relative ones start from inside.
        if !path.contains(where: { "lhvcsqta".contains($0) }) {
            let numbers = path.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            #expect(numbers.allSatisfy { $0 >= 0 && $0 <= 24 }, "coordinates within the 24-unit grid")
        }
    }

    @Test func theTableHasNoGlyphTheEnumDoesNotKnow() {
        #expect(GlyphPaths.table.count == Glyph.allCases.count)
    }
}
