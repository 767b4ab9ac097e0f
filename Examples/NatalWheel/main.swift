import Ephemeris
import Foundation
import RemoteCharts
import WheelRender

// natal-wheel OUT.png: one birth's wheel from FreeAstrologyAPI, else the cache, else computed and drawn here.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: natal-wheel OUT.png\n".utf8))
    exit(64)
}
let birth = try Birth(date: "1990-05-15", time: "10:30", zone: "America/New_York", latitude: 40.7128, longitude: -74.006)

// FREEASTROLOGYAPI_API_KEY (or the config file) and, for a mirror, FREEASTROLOGYAPI_BASE_URL.
var settings = RemoteSettings(provider: try ProviderSettings.load(.freeAstrologyAPI))
settings.budget = .seconds(5)                                    // for all of it; timeouts follow
settings.cache = CacheSettings(directory: CacheSettings.defaultDirectory)
let result = try await ChartService.withService(settings) { service in  // its HTTP clients end with the block
    try await service.natal(NatalRequest(birth: birth, houseSystem: .placidus, format: .png))
}
for warning in result.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
print(result.statusLine)                                         // data: api, image: local (HTTP 404)
try result.image.write(to: URL(fileURLWithPath: arguments[0]))
