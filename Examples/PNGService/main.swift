import ChartModel
import Foundation
import WheelRaster
import WheelRender

// png-service CHART.json OUT.png: what a Linux service does with a chart, the PNG painted in-process by cairo.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let chartFile = arguments.first, let outFile = arguments.last else {
    FileHandle.standardError.write(Data("usage: png-service CHART.json OUT.png\n".utf8))
    exit(64)
}
do {
    let chart = try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: chartFile))).chart
    var options = RenderOptions()
    options.chartSize = 800
    options.theme = .dark
    try options.set("planet_icon_color", "#e0e0e0")             // the services' names, flag-style strings
    for warning in WheelRenderer.warnings(for: options) {      // colours below WCAG AA contrast
        FileHandle.standardError.write(Data("\(warning)\n".utf8))
    }
    // Two threads paint the two halves of one PNG; inside your own parallel loop, pass threads: 1.
    let png: Data = try WheelRenderer.png(.wheel(chart), options: options, threads: 1)
    try png.write(to: URL(fileURLWithPath: outFile), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("png-service: \(error)\n".utf8))
    exit(65)
}
