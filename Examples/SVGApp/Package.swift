// swift-tools-version:6.1
import Foundation
import PackageDescription

// An app on the toolkit's core alone: ChartModel, Geometry and WheelRender, no C library. `scripts/check-core.sh`
// builds it with cairo and librsvg out of reach and checks that its SVG is the SVG `wheel render` writes.
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
    ],
    swiftLanguageModes: [.v6]
)
