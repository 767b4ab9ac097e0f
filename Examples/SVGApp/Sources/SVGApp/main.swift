import ChartModel
import Foundation
import Geometry
import WheelRender

// svg-app CHART.json [OPTIONS.json] [--layout]: the wheel as SVG on stdout, or with --layout its layout as JSON.
var arguments = Array(CommandLine.arguments.dropFirst())
let wantsLayout = arguments.contains("--layout")
arguments.removeAll { $0 == "--layout" }
guard let chartFile = arguments.first else {
    FileHandle.standardError.write(Data("usage: svg-app CHART.json [OPTIONS.json] [--layout]\n".utf8))
    exit(64)
}
do {
    let decoded = try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: chartFile)))  // any of the three formats
    for warning in decoded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }

    var options = RenderOptions()                                  // chartSize, theme, colours, aspects, …
    if arguments.count > 1 {
        try options.apply(json: Data(contentsOf: URL(fileURLWithPath: arguments[1])))  // the services' option names
    }
    if wantsLayout {
        let layout = WheelLayout(chart: decoded.chart, options: options)  // every position, to draw a wheel natively
        FileHandle.standardOutput.write(layout.jsonData())
    } else {
        let svg: Data = WheelRenderer.svg(.wheel(decoded.chart), options: options)  // UTF-8; also .aspectGrid, .sheet, …
        FileHandle.standardOutput.write(svg)
    }
} catch {
    FileHandle.standardError.write(Data("svg-app: \(error)\n".utf8))
    exit(65)
}
