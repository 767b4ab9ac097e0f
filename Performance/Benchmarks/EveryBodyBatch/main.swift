import ChartModel
import Ephemeris
import Foundation

// The 4,000 births of Performance/births-4000.jsonl (the ones scripts/pyswisseph-baseline.py times), computed in
// this one process on one thread: the default chart, then the chart with every body (Chiron and Ceres, Pallas,
// Juno, Vesta, with `ChartSettings(asteroids: true)`), each the best of five rounds; then one birth (New Delhi
// 1962) charted 20,000 times each way, for the cost of a chart whose tables are already decoded. No output but
// the figures: scripts/compare-every-body.sh runs it beside pyswisseph.

/// Seconds `work` takes, the best of `rounds`: the machine is shared, and the best is the least disturbed.
func best(of rounds: Int, _ work: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return fastest
}

let path = CommandLine.arguments.dropFirst().first ?? "Performance/births-4000.jsonl"
let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
let births = try lines.map { try BirthRequest.decode(Data($0.utf8)).birth }
let everyBody = ChartSettings(asteroids: true)
var bodies = 0

let plain = try best(of: 5) { for birth in births { bodies += try ChartCalculator.chart(for: birth).chart.bodies.count } }
let full = try best(of: 5) { for birth in births { bodies += try ChartCalculator.chart(for: birth, settings: everyBody).chart.bodies.count } }
let newDelhi = try Birth(date: "1962-02-05", time: "00:00", zone: "Asia/Kolkata", latitude: 28.6139, longitude: 77.2090)
let repeats = 20_000
let onePlain = try best(of: 5) { for _ in 0..<repeats { bodies += try ChartCalculator.chart(for: newDelhi).chart.bodies.count } }
let oneFull = try best(of: 5) { for _ in 0..<repeats { bodies += try ChartCalculator.chart(for: newDelhi, settings: everyBody).chart.bodies.count } }

let bodiesPlain = try ChartCalculator.chart(for: newDelhi).chart.bodies.count
let bodiesFull = try ChartCalculator.chart(for: newDelhi, settings: everyBody).chart.bodies.count
print("\(births.count) births, one thread: default chart (\(bodiesPlain) bodies and points) \(String(format: "%.3f", plain)) s, "
      + "every body (\(bodiesFull)) \(String(format: "%.3f", full)) s: \(String(format: "%.2f", full / plain))×")
print("one birth, tables decoded: default \(String(format: "%.1f", onePlain / Double(repeats) * 1e6)) µs, "
      + "every body \(String(format: "%.1f", oneFull / Double(repeats) * 1e6)) µs: \(String(format: "%.2f", oneFull / onePlain))×")
if bodies == 0 { print("no bodies") }  // keeps the work from being optimised away
