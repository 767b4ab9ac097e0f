import ChartModel
import Foundation
import RemoteCharts
import WheelRender

// fallback-image RESPONSE.json CHART.json OUT.png: the API's wheel image, else a cached copy, else our own.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: fallback-image RESPONSE.json CHART.json OUT.png\n".utf8))
    exit(64)
}
let apiResponse = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))   // the natal_wheel_chart JSON
let chart = try ChartDecoder.decode(Data(contentsOf: URL(fileURLWithPath: arguments[1]))).chart

var settings = RemoteSettings()
settings.budget = .seconds(5)                                                // whatever happens
settings.cache = CacheSettings(directory: FileManager.default.temporaryDirectory.appendingPathComponent("wheels"))
let image = try await ChartImageService.withService(settings) { service in  // its HTTP client ends with the block
    try await service.image(response: apiResponse, chart: chart, options: RenderOptions(), format: .png)
}
print(image.sourceLine)                                      // source: api | cache | fallback (reason)
try image.data.write(to: URL(fileURLWithPath: arguments[2]))
