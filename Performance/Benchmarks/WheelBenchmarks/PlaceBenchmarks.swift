import Benchmark
import Foundation
import Places

/// Birthplaces by name and by coordinates, after the first look-up (timed once, printed), beside a plain linear
/// scan of every name for the same exact matches.
func placeBenchmarks() {
    let clock = ContinuousClock()
    let first = clock.measure { blackHole(try! Gazetteer.search("Ulm, DE")) }
    FileHandle.standardError.write(Data("place: the first look-up, tables opened, took \(first)\n".utf8))
    _ = Gazetteer.nearest(latitude: 0, longitude: 0)  // the grid, built once before timing

    for (name, query) in [("exact name", "Paris"), ("other name", "Москва"), ("accents folded", "Sao Paulo"),
                          ("qualifier", "Springfield, Illinois"), ("one typing mistake", "Phildelphia"),
                          ("two typing mistakes", "Philidelphiaa")] {
        Benchmark("place: \(name) (\(query))", configuration: .init(timeUnits: .microseconds, maxIterations: 20_000)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Gazetteer.search(query, limit: 10)) }
        }
    }
    Benchmark("place: linear scan of every name (Paris)", configuration: .init(timeUnits: .microseconds, maxIterations: 200)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Gazetteer.linearSearch("Paris", limit: 10)) }
    }
    Benchmark("place: nearest to coordinates (Ulm)", configuration: .init(timeUnits: .microseconds, maxIterations: 20_000)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Gazetteer.nearest(latitude: 48.4, longitude: 9.99)) }
    }
}
