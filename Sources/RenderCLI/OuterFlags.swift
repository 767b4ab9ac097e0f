import ArgumentParser
import ChartModel
import Ephemeris
import Foundation
import Geometry
import WheelRender

/// The second chart of a bi-wheel (and of a two-chart grid): a partner's chart or birth from a file, or the
/// sky at a moment.
struct OuterFlags: ParsableArguments {
    @Option(help: "A second chart, a partner's: a chart file in any input format, or a birth file (a birth object or a service's request body), computed here. A bi-wheel draws its bodies on a ring of their own around the inner chart's; cross-aspects with synastry orbs.")
    var outer: String?

    @Option(help: "The outer chart is the sky at this moment (ISO 8601, 2026-11-22T12:00:00Z or with an offset, +05:30; or now), computed here; cross-aspects with transit orbs.")
    var transits: String?

    var isGiven: Bool { outer != nil || transits != nil }

    func validate() throws {
        if outer != nil && transits != nil { throw ValidationError("Give --outer or --transits, not both.") }
    }

    /// A bi-wheel's size within its range: the command refuses a smaller one (exit 64) rather than draw another.
    func check(size: Int) throws {
        guard isGiven, let problem = LayoutOptions.biWheelSizeProblem(size) else { return }
        throw Failure(code: Failure.usage, message: "\(RenderOption.chartSize.name): \(problem)")
    }

    /// The outer chart, or nil without one. A birth is computed in Placidus (its houses are not drawn, so only
    /// for its warnings); the sky at a moment shows the bodies `inner` shows, at the inner chart's place when
    /// known (see `ChartCalculator.transits`). Both charts are in one zodiac: the sky in the inner chart's
    /// settings (`innerSettings`), a partner's birth with the settings asked for (`choices`) over its own.
    func load(strict: Bool, inner: NatalChart, place: (latitude: Double, longitude: Double)?,
              choices: ChartSettingsChoices = ChartSettingsChoices(), innerSettings: ChartSettings = ChartSettings()) throws -> OuterChart? {
        if let transits {
            do {
                return try ChartCalculator.transits(at: try Self.moment(transits), place: place, showing: inner,
                                                    settings: try Zodiac.transitSettings(innerSettings, over: inner))
            } catch let error as ChartError {
                throw Failure(code: Failure.dataError, message: "--transits: \(error.description)")
            }
        }
        guard let outer else { return nil }
        let data = try ChartInput.read(outer)
        let name = outer == "-" ? "stdin" : outer
        if BirthRequest.shape(of: data) != nil {
            let request = try BirthFlags.request(file: outer, data: data)
            do {
                var computed = try ChartCalculator.chart(for: request.birth, houseSystem: request.houseSystem ?? .placidus,
                                                         settings: try ChartSettings(choices, over: request.settings))
                computed.chart.take(request.place)
                if let note = request.placeNote { printError("wheel: \(name): \(note)") }
                for warning in request.warnings + computed.warnings { printError("wheel: warning: \(name): \(warning)") }
                return OuterChart(chart: computed.chart, kind: .synastry)
            } catch {
                throw Failure(code: Failure.dataError, message: "\(name): \(error.description)")
            }
        }
        return OuterChart(chart: try ChartInput.load(file: outer, strict: strict), kind: .synastry)
    }

    /// `2026-11-22T12:00:00Z`, `2026-11-22T17:30+05:30`, `2026-11-22 12:00` (UTC), or `now`.
    static func moment(_ text: String, now: Date = Date()) throws -> Date {
        do {
            return try ChartCalculator.moment(text, now: now)
        } catch {
            throw Failure(code: Failure.dataError, message: "--transits: \(error.message)")
        }
    }
}
