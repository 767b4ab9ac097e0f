import ChartModel
import Foundation
@testable import RemoteCharts
import Support
import Testing
import TestSupport
import WheelRaster
import WheelRender

/// The budget covers drawing the API's SVG as well as fetching it: a document too costly for it is refused
/// undrawn, one that takes longer than estimated is given up at the deadline, and the chart arrives either way.
@Suite(.serialized, .hangGuard)
struct DrawingBudgetTests {
    let chart = try! Fixtures.chart()

    private func served(_ svg: Data, settings: RemoteSettings) async throws -> ChartImage {
        try await withService(["/c.svg": { _ in .respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: svg) }],
                              settings: settings) { server, service in
            try await service.image(response: Fixtures.response(server.url("/c.svg")), chart: chart, options: RenderOptions(), format: .png)
        }
    }

    /// `served` on a clock that stands still, but for the backoff should a busy machine make a try time out:
    /// that wait passes at once (on the still clock it would hang), while the 5 s budget holds.
    private func servedOnAStillClock(_ svg: Data) async throws -> ChartImage {
        let clock = ManualClock()
        return try await clock.skippingWaits(within: .seconds(1)) {
            try await served(svg, settings: Fixtures.settings(budget: .seconds(5), clock: clock))
        }
    }

    @Test func twoThousandBlurredRectanglesFallBackUndrawnAndSayWhy() async throws {
        // The clock stands still: the whole 5 s budget is left when the image arrives.
        let image = try await servedOnAStillClock(CostlySVG.blurredRectangles(2000))
        #expect(image.source == .fallback)
        #expect(image.sourceLine == "source: fallback (API SVG too costly to draw: about 2.7 s for 2000 filtered elements "
                + "(2000 filter primitives) at 600 px, over half the 5.0 s left)")
        #expect(image.data == (try WheelRenderer.png(.wheel(chart))), "the local render of the same chart")
        guard case .svgTooCostly(let cost, left: .seconds(5))? = image.failure else { Issue.record("\(String(describing: image.failure))"); return }
        #expect(cost.filtered == 2000)
    }

    @Test(arguments: [
        ("50 nested blurred groups", CostlySVG.nestedBlurredGroups(depth: 50, shapes: 40)),
        ("a use bomb", CostlySVG.useBomb(levels: 7, fanOut: 10)),
        ("a style sheet's blur", CostlySVG.rectanglesBlurredByAStyleSheet(2000)),
    ])
    func hostileDocumentsFallBackUndrawn(name: String, svg: Data) async throws {
        let image = try await servedOnAStillClock(svg)
        #expect(image.source == .fallback)
        #expect(image.reason?.hasPrefix("API SVG too costly to draw: about ") == true, "\(name): \(image.reason ?? "-")")
    }

    @Test func aChartWheelSVGIsStillDrawnAndUsed() async throws {
        let svg = try Data(contentsOf: SampleCharts.folder.appendingPathComponent("wheels/b_1990_newyork-light.svg"))
        let image = try await servedOnAStillClock(svg)
        #expect(image.source == .api && image.reason == nil)
        #expect(image.data != (try WheelRenderer.png(.wheel(chart))), "the API's wheel, not ours")
    }

    /// The real thing: a document the model prices low but librsvg takes seconds over, on the real clock.
    @Test func aDrawingLongerThanTheBudgetIsGivenUpAtTheDeadline() async throws {
        let image = try await served(CostlySVG.erodedShapes(4), settings: Fixtures.settings(budget: .seconds(1)))
        #expect(image.source == .fallback)
        #expect(image.sourceLine == "source: fallback (API SVG did not draw within the 1.0 s budget)")
        #expect(image.failure == .svgDrawTimeout(budget: .seconds(1)))
    }
}

/// The threads the API's SVGs are drawn on: a deadline the caller keeps, and a bound on the abandoned ones.
@Suite(.hangGuard)
struct SVGDrawerTests {
    /// Work that runs (on the drawer's own thread) until the test lets it end.
    final class Gate: Sendable {
        private let entered = Locked(false)
        private let opened = DispatchSemaphore(value: 0)
        var started: Bool { entered.withLock { $0 } }
        func pass() { entered.withLock { $0 = true }; opened.wait() }
        func open() { opened.signal() }
    }

    /// A drawer with one place, on a manual clock, and a gate to hold a drawing open.
    static func oneDrawerPlace() -> (ManualClock, ServiceClock, SVGDrawer, Gate) {
        let clock = ManualClock()
        let service = ServiceClock(clock)
        return (clock, service, SVGDrawer(capacity: 1, clock: service), Gate())
    }

    /// A drawing with a 5 s budget that takes the drawer's place until `gate` opens, then gives 1.
    static func drawingHeldOpen(by gate: Gate, on drawer: SVGDrawer, clock service: ServiceClock) -> Task<Int, any Error> {
        Task {
            try await drawer.draw(deadline: service.now + .seconds(5), busy: .svgDrawersBusy(running: 1, budget: .seconds(5)),
                                  timeout: .svgDrawTimeout(budget: .seconds(5))) { gate.pass(); return 1 }
        }
    }

    private static func waitUntil(_ condition: () -> Bool) async {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !condition() && ContinuousClock.now < giveUp { try? await Task.sleep(for: .milliseconds(2)) }
    }

    @Test func theCallerStopsWaitingAtTheDeadlineAndTheWorkKeepsItsPlaceUntilItEnds() async throws {
        let (clock, service, drawer, gate) = Self.oneDrawerPlace()
        let call = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        // The drawing must have started: one still queued at the deadline is dropped, and frees its place.
        await Self.waitUntil { gate.started }
        _ = await clock.nextWake(within: .seconds(5))
        clock.advance(by: .seconds(5))
        await #expect(throws: FetchFailure.svgDrawTimeout(budget: .seconds(5))) { try await call.value }
        #expect(drawer.running == 1, "the abandoned drawing still runs")
        gate.open()
        await Self.waitUntil { drawer.running == 0 }
        #expect(drawer.running == 0)
    }

    @Test func withEveryPlaceTakenTheNextWaitsAndFallsBackAtItsDeadline() async throws {
        let (clock, service, drawer, gate) = Self.oneDrawerPlace()
        let first = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        await Self.waitUntil { gate.started }
        var ran = false
        let second = Task {
            try await drawer.draw(deadline: service.now + .seconds(2), busy: .svgDrawersBusy(running: 1, budget: .seconds(2)),
                                  timeout: .svgDrawTimeout(budget: .seconds(2))) { 2 }
        }
        await Self.waitUntil { clock.pendingWakes.count == 2 }
        clock.advance(by: .seconds(2))
        await #expect(throws: FetchFailure.svgDrawersBusy(running: 1, budget: .seconds(2))) { ran = try await second.value == 2 }
        #expect(!ran, "never started")
        gate.open()
        #expect(try await first.value == 1, "the first ends in its time")
        await Self.waitUntil { drawer.running == 0 }
        #expect(drawer.running == 0)
    }

    @Test func aPlaceFreedInTimeGoesToTheOneWaiting() async throws {
        let (clock, service, drawer, gate) = Self.oneDrawerPlace()
        let first = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        await Self.waitUntil { gate.started }
        let second = Task {
            try await drawer.draw(deadline: service.now + .seconds(5), busy: .svgDrawersBusy(running: 1, budget: .seconds(5)),
                                  timeout: .svgDrawTimeout(budget: .seconds(5))) { 2 }
        }
        await Self.waitUntil { clock.pendingWakes.count == 2 }
        gate.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        await Self.waitUntil { drawer.running == 0 }
        #expect(drawer.running == 0)
    }
}
