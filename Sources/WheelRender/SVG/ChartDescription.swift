import ChartModel
import Geometry

/// The chart in words, for the SVG's `<desc>`: what a screen reader says instead of showing the wheel.
enum ChartDescription {
    static func text(for layout: WheelLayout) -> String {
        var text = SVGText(reserving: 2048)
        write(layout, into: &text)
        return text.text
    }

    /// Writes the description, escaped for element content, piece by piece rather than as joined strings.
    static func write(_ layout: WheelLayout, into text: inout SVGText) {
        text.add("Ascendant ")
        position(layout.ascendant, into: &text)
        text.add("; Midheaven ")
        position(layout.midheaven, into: &text)
        for body in layout.bodies {
            text.add("; ")
            text.add(escaped: bodyNames[body.id]!)
            text.add(byte: 0x20)
            position(body.longitude, into: &text)
            if body.retrograde { text.add(", retrograde") }
            text.add(", house ")
            text.add(whole: body.house)
        }
        text.add(".")
        guard !layout.aspects.isEmpty else { return }
        text.add(" Aspects: ")
        for (index, aspect) in layout.aspects.enumerated() {
            if index > 0 { text.add("; ") }
            text.add(escaped: bodyNames[aspect.first]!)
            text.add(byte: 0x20)
            text.add(escaped: aspectNames[aspect.kind]!)
            text.add(byte: 0x20)
            text.add(escaped: bodyNames[aspect.second]!)
            if let orb = aspect.orb {
                text.add(" (orb ")
                degreesMinutes(DegreesMinutes(orb), into: &text)
                text.add(")")
            }
        }
        text.add(".")
    }

    /// `15°03′ Capricorn`
    private static func position(_ longitude: Double, into text: inout SVGText) {
        degreesMinutes(DegreesMinutes(withinSign: longitude), into: &text)
        text.add(byte: 0x20)
        text.add(escaped: ZodiacSign(longitude: longitude).name)
    }

    /// As `DegreesMinutes.description` writes it: `15°03′`.
    private static func degreesMinutes(_ value: DegreesMinutes, into text: inout SVGText) {
        text.add(whole: value.degrees)
        text.add("°")
        if value.minutes < 10 { text.add(byte: UInt8(ascii: "0")) }
        text.add(whole: value.minutes)
        text.add("′")
    }

    // Names made once: building them capitalises the case names.
    private static let bodyNames = Dictionary(uniqueKeysWithValues: BodyID.allCases.map { ($0, $0.displayName) })
    private static let aspectNames = Dictionary(uniqueKeysWithValues: AspectKind.allCases.map { ($0, $0.displayName.lowercased()) })
}
