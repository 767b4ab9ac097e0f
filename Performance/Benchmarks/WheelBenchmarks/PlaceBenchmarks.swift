import Benchmark
import Foundation
import Places

/// Birthplaces by name and by coordinates, after the first look-up, each query side by side with a plain linear scan
/// of every name that finds the same places (`Gazetteer.linearSearch`). The first look-up (tables opened) and the
/// first with a typing mistake for a letter (that letter's index built) are timed once and printed.
func placeBenchmarks() {
    let clock = ContinuousClock()
    func note(_ text: String) { FileHandle.standardError.write(Data("place: \(text)\n".utf8)) }
    note("the first look-up, tables opened, took \(clock.measure { blackHole(try! Gazetteer.search("Ulm, DE")) })")
    let queries = [("exact name", "Paris"), ("other name", "Москва"), ("accents folded", "Sao Paulo"),
                   ("prefix", "Stratford upon"), ("qualifier", "Springfield, Illinois"),
                   ("one typing mistake", "Phildelphia"), ("two typing mistakes", "Philidelphiaa"),
                   ("a swap, short name", "Habmurg"), ("a swap, the largest letter", "Sna Francisco"),
                   ("typing mistake and qualifier", "Sprngfeld, MA")]
    for (_, query) in queries {
        let first = clock.measure { blackHole(try! Gazetteer.search(query, limit: 10)) }
        if first > .milliseconds(0.2) { note("the first look-up of \(query) took \(first) (an index for its letter built)") }
    }
    _ = Gazetteer.nearest(latitude: 0, longitude: 0)  // the grid, built once before timing

    for (name, query) in queries {
        Benchmark("place: \(name) (\(query))", configuration: .init(timeUnits: .microseconds, maxIterations: 20_000)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Gazetteer.search(query, limit: 10)) }
        }
        Benchmark("place: linear scan, \(name) (\(query))", configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(2), maxIterations: 100)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Gazetteer.linearSearch(query, limit: 10)) }
        }
    }
    Benchmark("place: nearest to coordinates (Ulm)", configuration: .init(timeUnits: .microseconds, maxIterations: 20_000)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Gazetteer.nearest(latitude: 48.4, longitude: 9.99)) }
    }

    // The zone whose border holds a point, neighbours within 10 km included: the table is opened once first.
    note("the first zone look-up, zone table opened, took \(clock.measure { blackHole(Gazetteer.zone(latitude: 0, longitude: 0)) })")
    for (name, latitude, longitude) in [("inland, Ulm", 48.4, 9.99), ("near a border, Mehran, Iran", 33.12, 46.17),
                                        ("at sea, mid-Atlantic", 0.0, -30.0)] {
        Benchmark("place: zone by border (\(name))", configuration: .init(timeUnits: .nanoseconds, maxIterations: 50_000)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(Gazetteer.zone(latitude: latitude, longitude: longitude)) }
        }
    }
}
