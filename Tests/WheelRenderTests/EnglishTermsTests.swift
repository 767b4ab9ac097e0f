import ChartModel
import Geometry
import Testing
@testable import WheelRender

/// The English table of terms says what the description says today, so that reading the description from the
/// table (a later change) leaves every English description as it is.
@Suite
struct EnglishTermsTests {
    /// Every aspect between two bodies, either in either ring, reads as the description reads it.
    @Test func aspectsReadAsTheDescriptionReadsThem() {
        let en = Terms.of(.en)
        for kind in AspectKind.allCases {
            for (firstOuter, secondOuter) in [(false, false), (false, true), (true, false)] {
                let described = ChartDescription.words(.sun, firstOuter ? .outer : .inner, kind, .partOfFortune,
                                                       secondOuter ? .outer : .inner, orb: nil, en)
                let table = en.aspect(.sun, kind, .partOfFortune, firstIsOuter: firstOuter, secondIsOuter: secondOuter)
                #expect(described == table)
            }
        }
        #expect(en.aspect(.sun, .trine, .moon, secondIsOuter: true) == "Sun trine outer Moon")
    }
}
