// swift-tools-version:6.1
import PackageDescription

// The core (ChartModel, Geometry, WheelRender) is Swift and Foundation only, so it builds on every platform below;
// the edges (WheelRaster, WheelCompare: cairo and librsvg; RemoteCharts: the network) build where their libraries do.
// The floor is what the core's APIs need: Swift concurrency and Foundation's JSON and locks, nothing newer than
// macOS 13 and iOS 16 (locks are NSLock, not Synchronization's Mutex, which would need macOS 15 and iOS 18).
let package = Package(
    name: "ChartWheel",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "ChartModel", targets: ["ChartModel"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "WheelRender", targets: ["WheelRender"]),
        .library(name: "Ephemeris", targets: ["Ephemeris"]),
        .library(name: "Places", targets: ["Places"]),
        .library(name: "WheelRaster", targets: ["WheelRaster"]),
        .library(name: "WheelCompare", targets: ["WheelCompare"]),
        .library(name: "RemoteCharts", targets: ["RemoteCharts"]),
        .library(name: "ChartServer", targets: ["ChartServer"]),
        .executable(name: "wheel", targets: ["RenderCLI"]),
    ],
    // `wheel image` is the only command that needs the network, whose HTTP stack (SwiftNIO, AsyncHTTPClient,
    // BoringSSL) is most of a first build. `--disable-default-traits` builds `wheel` without it, in a third of the time.
    traits: [
        .trait(name: "Networking", description: "`wheel natal` and `wheel image`: the APIs' charts and images, through RemoteCharts"),
        .trait(name: "Server", description: "`wheel serve`: the chart service on Hummingbird, through ChartServer"),
        .default(enabledTraits: ["Networking", "Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The server's: HTTP, graceful shutdown, logs and metrics in Prometheus's text.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // Core: the standard library and Foundation only.
        // What every module's messages and shared state need: `Locked`, `ChangeSignal` (a wait for a condition on
        // shared state, without polling), quoting and plain numbers; nothing else.
        .target(name: "Support"),
        .target(name: "ChartModel", dependencies: ["Support"]),
        .target(name: "Geometry", dependencies: ["ChartModel", "Support"]),
        .target(name: "WheelRender", dependencies: ["ChartModel", "Geometry", "Support"]),
        // Birth data to chart: time zones and ΔT, the bodies from tables fitted to JPL's DE ephemeris, the houses.
        .target(name: "Ephemeris", dependencies: ["ChartModel", "Support"]),
        // Birthplaces by name and coordinates -> latitude, longitude and zone, offline (GeoNames, CC BY 4.0).
        .target(name: "Places", dependencies: ["Support"]),
        // A birth's place by name and its zone from its coordinates: the gazetteer as the birth decoder's resolver.
        .target(name: "BirthPlaces", dependencies: ["ChartModel", "Ephemeris", "Places", "Support"]),

        // Edges: C libraries and the network.
        // Threads of its own for blocking work (drawing, file locks and I/O), off Swift's cooperative threads.
        .target(name: "BlockingWork", dependencies: ["Support"]),
        .systemLibrary(
            name: "CRsvg",
            // cairo's pkg-config, not librsvg's: librsvg's requires gio and gdk-pixbuf, whose cflags carry -pthread,
            // which SwiftPM refuses with a warning on every build (Sources/CRsvg/shim.h declares the librsvg calls).
            // fontconfig (which cairo's flags cover): whether the machine has a font for a PNG's text.
            pkgConfig: "cairo",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev", "libfontconfig-dev", "zlib1g-dev"])]
        ),
        .target(name: "WheelRaster", dependencies: ["ChartModel", "Geometry", "WheelRender", "Support", "CRsvg"]),
        // A whole file or none, for everything the edges write to disk.
        .target(name: "FileWriting", dependencies: ["Support"]),
        .target(name: "WheelCompare", dependencies: ["ChartModel", "WheelRender", "WheelRaster", "FileWriting"]),
        // Charts from the network: the APIs' clients under their limits, their chart images within a budget (a
        // third party's SVG only ever as pixels), the on-disk cache, and our own wheel when they fail.
        .target(
            name: "RemoteCharts",
            dependencies: [
                "ChartModel", "Ephemeris", "Geometry", "WheelRender", "WheelRaster", "FileWriting", "BlockingWork", "Support",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `wheel serve`: the toolkit as an HTTP service, our own API and both services' drop-ins (Hummingbird 2,
        // whose APIs need macOS 14 and iOS 17: the library's floor stays, the server's types say their own).
        .target(
            name: "ChartServer",
            dependencies: [
                "ChartModel", "Geometry", "WheelRender", "WheelRaster", "Ephemeris", "Places", "BirthPlaces", "BlockingWork", "Support",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "RenderCLI",
            dependencies: [
                "ChartModel", "Geometry", "WheelRender", "WheelRaster", "WheelCompare", "FileWriting", "Ephemeris", "Places", "BirthPlaces", "Support",
                .target(name: "RemoteCharts", condition: .when(traits: ["Networking"])),
                .target(name: "ChartServer", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The README's examples, compiled with the package so that they cannot drift from it (Examples/SVGApp, the
        // app on the core alone, is a package of its own: scripts/check-core.sh builds it without C libraries).
        .executableTarget(name: "PNGService", dependencies: ["ChartModel", "WheelRender", "WheelRaster"], path: "Examples/PNGService"),
        .executableTarget(name: "FallbackImage", dependencies: ["ChartModel", "WheelRender", "RemoteCharts"], path: "Examples/FallbackImage"),
        .executableTarget(name: "NatalWheel", dependencies: ["RemoteCharts", "Ephemeris", "WheelRender"], path: "Examples/NatalWheel"),
        .executableTarget(name: "CompareImages", dependencies: ["WheelRaster", "WheelCompare"], path: "Examples/CompareImages"),
        .executableTarget(name: "Synastry", dependencies: ["ChartModel", "Ephemeris", "WheelRender", "WheelRaster"], path: "Examples/Synastry"),

        // What the test targets share: the sample charts and seeded random numbers.
        // The test process ends with `swift test`, which does not pass a SIGTERM on to it.
        .target(name: "TestProcessGuard", path: "Tests/TestProcessGuard"),
        .target(name: "TestSupport", dependencies: ["ChartModel", "BlockingWork", "Support", "TestProcessGuard", "WalkSampling"], path: "Tests/TestSupport"),
        // The heavy data walks' sampling and report, shared by the walk libraries (PlaceWalks, ChartWalks).
        .target(name: "WalkSampling", path: "Tests/WalkSampling"),
        // The heavy pure-compute walks (the wheel's rules on random charts, repeated JSON keys), with their known
        // cases: `swift test` runs them sampled, scripts/check-data-walks.sh whole, in release (DataWalks).
        .target(name: "ChartWalks", dependencies: ["ChartModel", "Ephemeris", "Geometry", "TestSupport", "WalkSampling"], path: "Tests/ChartWalks"),
        .testTarget(name: "ChartModelTests", dependencies: ["ChartModel", "ChartWalks", "TestSupport"]),
        .testTarget(name: "BlockingWorkTests", dependencies: ["BlockingWork", "Support", "TestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["ChartModel", "ChartWalks", "Ephemeris", "Geometry", "TestSupport"], exclude: ["known-rule-breaks.json"]),
        // The gazetteer's heavy data walks, with their known cases: `swift test` runs them sampled (PlacesTests),
        // scripts/check-data-walks.sh whole, in release (DataWalks).
        .target(name: "PlaceWalks", dependencies: ["Places", "WalkSampling"], path: "Tests/PlaceWalks"),
        .executableTarget(name: "DataWalks", dependencies: ["PlaceWalks", "ChartWalks"], path: "Tests/DataWalks"),
        .testTarget(name: "PlacesTests", dependencies: ["Places", "PlaceWalks"], exclude: ["Data"]),
        .testTarget(name: "EphemerisTests", dependencies: ["ChartModel", "Ephemeris", "TestSupport"], exclude: ["asteroid-reference.json"]),
        .testTarget(name: "WheelRenderTests", dependencies: ["ChartModel", "Geometry", "WheelRender", "Support", "TestSupport"]),
        .testTarget(name: "WheelRasterTests", dependencies: ["ChartModel", "Geometry", "WheelRender", "WheelRaster", "Support", "TestSupport"]),
        .testTarget(name: "FileWritingTests", dependencies: ["FileWriting", "TestSupport"]),
        .testTarget(name: "WheelCompareTests", dependencies: ["ChartModel", "Ephemeris", "Geometry", "WheelRender", "WheelRaster", "WheelCompare", "TestSupport"]),
        // Loopback stand-ins for both services, for the tests of their clients and of `wheel natal`.
        .target(
            name: "APIStandIns",
            dependencies: [
                "ChartModel", "Support", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/APIStandIns"
        ),
        .testTarget(
            name: "RemoteChartsTests",
            dependencies: [
                "ChartModel", "Ephemeris", "WheelRender", "WheelRaster", "RemoteCharts", "APIStandIns", "Support", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "ChartServerTests",
            dependencies: [
                "ChartModel", "Ephemeris", "WheelRender", "WheelRaster", "RemoteCharts", "ChartServer", "BlockingWork", "Support", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .testTarget(name: "RenderCLITests", dependencies: ["ChartModel", "RenderCLI", "WheelCompare", "WheelRaster", "APIStandIns", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
