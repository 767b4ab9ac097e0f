// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ChartWheel",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ChartModel", targets: ["ChartModel"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "WheelRender", targets: ["WheelRender"]),
        .library(name: "ChartImages", targets: ["ChartImages"]),
        .executable(name: "wheel", targets: ["RenderCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev", "zlib1g-dev"])]
        ),
        .target(name: "ChartModel"),
        .target(name: "Geometry", dependencies: ["ChartModel"]),
        .target(name: "WheelRender", dependencies: ["ChartModel", "Geometry", "CRsvg"]),
        .target(
            name: "ChartImages",
            dependencies: [
                "ChartModel", "WheelRender",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "RenderCLI",
            dependencies: [
                "ChartModel", "Geometry", "WheelRender", "ChartImages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests' seeded random numbers, shared by the test targets that draw random charts.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "ChartModelTests", dependencies: ["ChartModel", "SeededRandom"]),
        .testTarget(name: "GeometryTests", dependencies: ["ChartModel", "Geometry", "SeededRandom"]),
        .testTarget(name: "WheelRenderTests", dependencies: ["ChartModel", "Geometry", "WheelRender"]),
        .testTarget(
            name: "ChartImagesTests",
            dependencies: [
                "ChartModel", "WheelRender", "ChartImages",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "RenderCLITests", dependencies: ["ChartModel", "RenderCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
