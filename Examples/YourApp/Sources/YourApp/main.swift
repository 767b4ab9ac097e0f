import ChartModel
import Foundation
import WheelRender

// your-app CHART.json OUT.svg: a service's chart JSON (or ours) to its wheel, dark, as SVG.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: your-app CHART.json OUT.svg\n".utf8))
    exit(64)
}
let chart = try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: arguments[0]))).chart
var options = RenderOptions()
options.theme = .dark
try WheelRenderer.svg(.wheel(chart), options: options).write(to: URL(fileURLWithPath: arguments[1]))
