// swift-tools-version:6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, whatever the clone is called.
let toolkit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The benchmarks live in their own package so that `swift test` on the toolkit never builds the benchmark
// framework. Run them with scripts/benchmark.sh (or `swift package --package-path Performance benchmark`).
let package = Package(
    name: "Performance",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "WheelBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ChartModel", package: toolkit),
                .product(name: "Geometry", package: toolkit),
                .product(name: "WheelRender", package: toolkit),
                .product(name: "WheelRaster", package: toolkit),
                .product(name: "Ephemeris", package: toolkit),
                .product(name: "Places", package: toolkit),
            ],
            path: "Benchmarks/WheelBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The 4,000 births with and without every body, in one process: scripts/compare-every-body.sh.
        .executableTarget(
            name: "EveryBodyBatch",
            dependencies: [
                .product(name: "ChartModel", package: toolkit),
                .product(name: "Ephemeris", package: toolkit),
            ],
            path: "Benchmarks/EveryBodyBatch"
        ),
        // `POST /v1/wheel`'s work done in-process on several threads for a fixed time: the baseline
        // scripts/bench-serve.sh weighs the server's throughput against. No benchmark framework: it only counts.
        .executableTarget(
            name: "ServeBaseline",
            dependencies: [
                .product(name: "ChartModel", package: toolkit),
                .product(name: "Ephemeris", package: toolkit),
                .product(name: "WheelRender", package: toolkit),
                .product(name: "WheelRaster", package: toolkit),
            ],
            path: "Benchmarks/ServeBaseline"
        ),
    ]
)
