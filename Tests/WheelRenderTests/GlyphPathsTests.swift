import Foundation
import Geometry
import Testing
@testable import WheelRender

/// The glyph table: one drawing per glyph, inside its cell with room for the stroke.
struct GlyphPathsTests {
    @Test(arguments: Glyph.allCases)
    func everyGlyphHasAPathInsideItsCell(glyph: Glyph) throws {
        let path = try #require(GlyphPaths.table[glyph])
        #expect(path.first == "M")
        // GlyphOutline reads the absolute commands M L H V C Q A Z, which is all the table may use.
        #expect(path.allSatisfy { "MLHVCQAZ0123456789.-, ".contains($0) }, "absolute path data only")
        let numbers = path.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        #expect(numbers.allSatisfy { $0 >= 0 && $0 <= 24 }, "coordinates within the 24-unit grid")
        guard case .move? = GlyphOutline.all[glyph]?.operations.first else {
            Issue.record("\(glyph) does not start with a move")
            return
        }
    }

    @Test func theTableHasNoGlyphTheEnumDoesNotKnow() {
        #expect(GlyphPaths.table.count == Glyph.allCases.count)
    }
}
