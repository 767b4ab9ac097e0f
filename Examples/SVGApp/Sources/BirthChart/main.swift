import ChartModel
import Ephemeris
import Foundation
import WheelRender

// A birth to a wheel with no network and no credits: the New Delhi sample, computed here.
let birth = try Birth(date: "1962-02-05", time: "00:00", zone: "Asia/Kolkata", latitude: 28.6139, longitude: 77.2090)
let result = try ChartCalculator.chart(for: birth, houseSystem: .placidus)
for warning in result.warnings { print("warning:", warning) }

let sun = result.chart.body(.sun)!
print("Sun \(sun.longitude)°, house \(sun.house!); \(result.houseSystem.displayName) cusps \(result.chart.cusps)")
let svg = WheelRenderer.svgData(for: result.chart, options: RenderOptions())
try svg.write(to: URL(fileURLWithPath: "wheel.svg"))
