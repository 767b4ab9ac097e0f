// swift-tools-version:6.1
import Foundation
import PackageDescription

// Apps on the toolkit's core alone: ChartModel, Geometry, WheelRender, Ephemeris and Places, no C library.
// `scripts/check-core.sh` builds them with cairo and librsvg out of reach and checks that their SVGs are the SVGs
// `wheel render` writes: SVGApp from chart files, BirthChart from a birth. BirthChart depends on Places too, so that
// the gazetteer is proved to build without C libraries as well.
// SwiftPM names a path dependency after its folder, whatever the clone is called.
let toolkit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "SVGApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "SVGApp",
            dependencies: [
                .product(name: "ChartModel", package: toolkit),
                .product(name: "Geometry", package: toolkit),
                .product(name: "WheelRender", package: toolkit),
            ]
        ),
        .executableTarget(
            name: "BirthChart",
            dependencies: [
                .product(name: "ChartModel", package: toolkit),
                .product(name: "Ephemeris", package: toolkit),
                .product(name: "Places", package: toolkit),
                .product(name: "WheelRender", package: toolkit),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
