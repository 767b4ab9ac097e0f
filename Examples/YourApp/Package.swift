// swift-tools-version:6.1
import PackageDescription

// An app of your own, in a folder beside a clone of the toolkit named ChartWheel (`git clone … ChartWheel`).
// SwiftPM names a path or URL dependency after its last path component, so that name is the `package:` below.
let package = Package(
    name: "YourApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(path: "../ChartWheel"),
    ],
    targets: [
        .executableTarget(
            name: "YourApp",
            dependencies: [
                .product(name: "ChartModel", package: "ChartWheel"),
                .product(name: "WheelRender", package: "ChartWheel"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
