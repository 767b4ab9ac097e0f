import ChartModel
import Ephemeris
import Foundation
import WheelRaster
import WheelRender

// synastry INNER.json OUTER.json OUT-FOLDER: two charts as a bi-wheel, the inner one with today's transits, and a
// printable sheet of the pair, all drawn here.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: synastry INNER.json OUTER.json OUT-FOLDER\n".utf8))
    exit(64)
}
let inner = try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: arguments[0]))).chart
let partner = OuterChart(chart: try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: arguments[1]))).chart, kind: .synastry)
// The sky now, with the inner chart's bodies; a chart from a service has no place, so no Part of Fortune.
let transits = try ChartCalculator.transits(at: Date(), place: nil, showing: inner)
let folder = URL(fileURLWithPath: arguments[2])

var options = RenderOptions()
options.chartSize = 800
options.outerOrbValues = [.conjunction: 8]                       // cross-aspect orbs; the rest keep their defaults
try WheelRenderer.png(.wheel(inner, outer: partner), options: options).write(to: folder.appendingPathComponent("synastry.png"))
try WheelRenderer.svg(.wheel(inner, outer: transits), options: options).write(to: folder.appendingPathComponent("transits.svg"))
try WheelRenderer.png(.aspectGrid(inner, outer: partner), options: options).write(to: folder.appendingPathComponent("grid.png"))
options.title = "Synastry"
try WheelRenderer.png(.sheet(inner, outer: partner), options: options).write(to: folder.appendingPathComponent("sheet.png"))
