import Testing
import TestSupport
@testable import ChartModel

/// Elements and modalities: each sign is one of each, and the planets are counted by them.
@Suite
struct ElementBalanceTests {
    /// Aries cardinal fire, Taurus fixed earth, Gemini mutable air, Cancer cardinal water, and round again.
    @Test func eachSignIsTheOneSignOfItsElementAndModality() {
        #expect(ZodiacSign.allCases.map(\.modality) == Array(repeating: [ZodiacSign.Modality.cardinal, .fixed, .mutable], count: 4).flatMap { $0 })
        #expect(ZodiacSign(element: .fire, modality: .cardinal) == .aries)
        #expect(ZodiacSign(element: .earth, modality: .fixed) == .taurus)
        #expect(ZodiacSign(element: .water, modality: .mutable) == .pisces)
        #expect(ZodiacSign(element: .air, modality: .cardinal) == .libra)
        for sign in ZodiacSign.allCases {
            #expect(ZodiacSign(element: sign.element, modality: sign.modality) == sign, "\(sign)")
        }
    }

    /// New York 1990, from the sample file: Sun 24° Taurus, Moon 28° Capricorn, Mercury 8° Taurus, Venus 12°
    /// Aries, Mars 18° Pisces, Jupiter 9° Cancer, Saturn 25° Capricorn, Uranus 9° Capricorn, Neptune 14° Capricorn,
    /// Pluto 16° Scorpio; the Node in Aquarius is a point, not counted.
    @Test func newYorkCountedByHand() throws {
        let balance = ElementBalance(bodies: try SampleCharts.chart("b_1990_newyork").bodies)
        #expect(balance.bodies(in: ZodiacSign.Element.fire) == [.venus])
        #expect(balance.bodies(in: ZodiacSign.Element.earth) == [.sun, .moon, .mercury, .saturn, .uranus, .neptune])
        #expect(balance.bodies(in: ZodiacSign.Element.air) == [])
        #expect(balance.bodies(in: ZodiacSign.Element.water) == [.mars, .jupiter, .pluto])
        #expect(balance.bodies(in: ZodiacSign.Modality.cardinal) == [.moon, .venus, .jupiter, .saturn, .uranus, .neptune])
        #expect(balance.bodies(in: ZodiacSign.Modality.fixed) == [.sun, .mercury, .pluto])
        #expect(balance.bodies(in: ZodiacSign.Modality.mutable) == [.mars])
        #expect(balance.bodies(in: ZodiacSign.capricorn) == [.moon, .saturn, .uranus, .neptune])
        #expect(balance.total == 10)
    }

    /// Sydney 1994: six planets in Capricorn, the Moon in Sagittarius, Jupiter and Pluto in Scorpio, Saturn in
    /// Aquarius; the Node in Sagittarius not counted.
    @Test func sydneyCountedByHand() throws {
        let balance = ElementBalance(bodies: try SampleCharts.chart("h_1994_sydney").bodies)
        #expect(ZodiacSign.Element.allCases.map { balance.bodies(in: $0).count } == [1, 6, 1, 2])
        #expect(ZodiacSign.Modality.allCases.map { balance.bodies(in: $0).count } == [6, 3, 1])
        #expect(balance.bodies(in: ZodiacSign.capricorn) == [.sun, .mercury, .venus, .mars, .uranus, .neptune])
        #expect(balance.bodies(in: ZodiacSign.sagittarius) == [.moon])
        #expect(balance.total == 10)
    }

    @Test func pointsAreNotCounted() throws {
        let bodies = try BodyID.allCases.map { try Body(id: $0, longitude: 15) }
        let balance = ElementBalance(bodies: bodies)
        #expect(balance.total == 10)
        #expect(balance.bodies(in: ZodiacSign.aries) == ElementBalance.countedBodies)
    }

    /// Every planet in one sign or another: the totals by element, by modality and by sign all come to the count.
    @Test(arguments: SampleCharts.ids)
    func theTotalsAddUp(id: String) throws {
        let balance = ElementBalance(bodies: try SampleCharts.chart(id).bodies)
        let byElement = ZodiacSign.Element.allCases.map { balance.bodies(in: $0).count }.reduce(0, +)
        let byModality = ZodiacSign.Modality.allCases.map { balance.bodies(in: $0).count }.reduce(0, +)
        let bySign = ZodiacSign.allCases.map { balance.bodies(in: $0).count }.reduce(0, +)
        #expect(byElement == balance.total && byModality == balance.total && bySign == balance.total)
        #expect(balance.total == 10, "every sample has the ten planets")
    }
}
