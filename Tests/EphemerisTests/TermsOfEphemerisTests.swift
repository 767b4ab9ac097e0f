import ChartModel
import Ephemeris
import Testing

/// The language tables (ChartModel, which cannot see Ephemeris) name the house systems and zodiacs that Ephemeris
/// has, by the words it writes on a chart.
@Suite
struct TermsOfEphemerisTests {
    /// Every house system is translated, by the name the wheel shows today, and only those.
    @Test func houseSystemsAreEphemerissOwn() {
        #expect(Terms.houseSystemEnglishNames == HouseSystem.allCases.map(\.displayName))
        #expect(Terms.of(.de).houseSystem(HouseSystem.wholeSign.displayName) == "Ganzzeichen")
        #expect(Terms.of(.zh).houseSystem(HouseSystem.equal.displayName) == "等宫制")
    }

    /// English's zodiac words are the chart's label (`Sidereal, Lahiri`), for every ayanamsa.
    @Test func zodiacLabelsAreEphemerissOwn() {
        for ayanamsa in Ayanamsa.allCases {
            let label = Zodiac.sidereal(ayanamsa).chartLabel
            let name = label.map { String($0.dropFirst("Sidereal, ".count)) }
            #expect(label == name.map { Terms.of(.en).zodiac(ayanamsa: $0) }, "\(ayanamsa)")
        }
        #expect(Zodiac.sidereal(.faganBradley).chartLabel == Terms.of(.en).zodiac(ayanamsa: "Fagan/Bradley"))
    }
}
