import BlockingWork
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
        let svg = CostlySVG.blurredRectangles(2000)
        // The clock stands still: the whole 5 s budget is left when the image arrives.
        let image = try await servedOnAStillClock(svg)
        let cost = try SVGDrawingCost.estimate(svg: svg, width: 600, height: 600)
        #expect(cost.filtered == 2000)
        #expect(cost.seconds > 5 * ImageValidator.costShareOfTimeLeft, "over its share of the budget: \(cost.seconds) s")
        #expect(image.source == .fallback)
        // Refused for the cost the model gives this very document, over its share of the time left (the whole
        // budget, less a backoff should a busy machine make a try time out), and the message says both.
        guard case .svgTooCostly(let refused, let left)? = image.failure else { Issue.record("\(image.sourceLine)"); return }
        #expect(refused == cost)
        #expect(left <= .seconds(5) && cost.seconds > left.seconds * ImageValidator.costShareOfTimeLeft)
        #expect(image.sourceLine == "source: fallback (API SVG too costly to draw: about \(String(format: "%.1f", cost.seconds)) s "
                + "for \(cost.summary) at 600 px, over half the \(String(format: "%.1f", left.seconds)) s left)")
        #expect(image.data == (try WheelRenderer.png(.wheel(chart))), "the local render of the same chart")
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

    /// A drawing that has not ended by the deadline is given up then: the drawers' only thread is held by the
    /// test, so the SVG's drawing cannot end before it, and only the clock passing the deadline ends the wait.
    @Test func aDrawingNotDoneByTheDeadlineIsGivenUpThen() async throws {
        let clock = ManualClock()
        let drawers = BlockingPool(maximumThreads: 1, name: "held drawer")
        let gate = SVGDrawerTests.Gate()
        drawers.start { gate.pass() }
        await gate.untilStarted()
        let settings = Fixtures.settings(budget: .seconds(30), clock: clock)
        let server = try await TestServer(["/c.svg": { _ in .respond(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Fixtures.svg) }])
        // Short waits (a backoff, should a busy machine make a try time out) pass at once; the 30 s budget holds.
        let image = try await clock.skippingWaits(within: .seconds(1)) {
            try await withLifetime(of: ChartImageService(settings: settings, drawingPool: drawers), shutdown: { await $0.shutdown() }) { service in
                let call = Task { try await service.image(response: Fixtures.response(server.url("/c.svg")), chart: chart, options: RenderOptions(), format: .png) }
                // Downloaded, and its drawing handed to the drawers, where it waits for the held thread.
                await drawers.until { _, queued in queued == 1 }
                clock.advance(by: .seconds(30))
                return try await call.value
            }
        }
        await server.stop()
        #expect(image.source == .fallback)
        #expect(image.sourceLine == "source: fallback (API SVG did not draw within the 30.0 s budget)")
        #expect(image.failure == .svgDrawTimeout(budget: .seconds(30)))
        #expect(drawers.queued == 0, "the drawing given up is dropped, never to start")
        gate.open()
        await drawers.until { running, queued in running == 0 && queued == 0 }
    }
}

/// The threads the API's SVGs are drawn on: a deadline the caller keeps, and a bound on the abandoned ones.
@Suite(.hangGuard)
struct SVGDrawerTests {
    /// Work that runs (on the drawer's own thread) until the test lets it end.
    final class Gate: Sendable {
        private let entered = OneResult<Void>()
        private let opened = DispatchSemaphore(value: 0)
        func pass() { entered.settle(.success(())); opened.wait() }
        func open() { opened.signal() }
        /// Returns once the work has begun.
        func untilStarted() async { try? await entered.value() }
    }

    /// A drawer with one place, on a manual clock and a pool of its own (so that the pool says when its drawings
    /// have ended), and a gate to hold a drawing open.
    static func oneDrawerPlace() -> (ManualClock, ServiceClock, SVGDrawer, BlockingPool, Gate) {
        let clock = ManualClock()
        let service = ServiceClock(clock)
        let pool = BlockingPool(maximumThreads: 4, name: "drawer test")
        return (clock, service, SVGDrawer(capacity: 1, clock: service, pool: pool), pool, Gate())
    }

    /// A drawing with a 5 s budget that takes the drawer's place until `gate` opens, then gives 1.
    static func drawingHeldOpen(by gate: Gate, on drawer: SVGDrawer, clock service: ServiceClock) -> Task<Int, any Error> {
        Task {
            try await drawer.draw(deadline: service.now + .seconds(5), busy: .svgDrawersBusy(running: 1, budget: .seconds(5)),
                                  timeout: .svgDrawTimeout(budget: .seconds(5))) { gate.pass(); return 1 }
        }
    }

    /// Returns once every job `pool` was given has ended: a drawing frees its place before its job ends.
    static func untilEveryDrawingEnded(_ pool: BlockingPool) async {
        await pool.until { running, queued in running == 0 && queued == 0 }
    }

    @Test func theCallerStopsWaitingAtTheDeadlineAndTheWorkKeepsItsPlaceUntilItEnds() async throws {
        let (clock, service, drawer, pool, gate) = Self.oneDrawerPlace()
        let call = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        // The drawing must have started: one still queued at the deadline is dropped, and frees its place.
        await gate.untilStarted()
        #expect(await clock.nextWake(within: .seconds(5)) == .seconds(5))
        clock.advance(by: .seconds(5))
        await #expect(throws: FetchFailure.svgDrawTimeout(budget: .seconds(5))) { try await call.value }
        #expect(drawer.running == 1, "the abandoned drawing still runs")
        gate.open()
        await Self.untilEveryDrawingEnded(pool)
        #expect(drawer.running == 0)
    }

    @Test func withEveryPlaceTakenTheNextWaitsAndFallsBackAtItsDeadline() async throws {
        let (clock, service, drawer, pool, gate) = Self.oneDrawerPlace()
        let first = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        await gate.untilStarted()
        var ran = false
        let second = Task {
            try await drawer.draw(deadline: service.now + .seconds(2), busy: .svgDrawersBusy(running: 1, budget: .seconds(2)),
                                  timeout: .svgDrawTimeout(budget: .seconds(2))) { 2 }
        }
        // The second waits for a place until its deadline, sooner than the first's.
        #expect(await clock.nextWake(within: .seconds(2)) == .seconds(2))
        clock.advance(by: .seconds(2))
        await #expect(throws: FetchFailure.svgDrawersBusy(running: 1, budget: .seconds(2))) { ran = try await second.value == 2 }
        #expect(!ran, "never started")
        gate.open()
        #expect(try await first.value == 1, "the first ends in its time")
        await Self.untilEveryDrawingEnded(pool)
        #expect(drawer.running == 0)
    }

    @Test func aPlaceFreedInTimeGoesToTheOneWaiting() async throws {
        let (clock, service, drawer, pool, gate) = Self.oneDrawerPlace()
        let first = Self.drawingHeldOpen(by: gate, on: drawer, clock: service)
        await gate.untilStarted()
        let second = Task {
            try await drawer.draw(deadline: service.now + .seconds(4), busy: .svgDrawersBusy(running: 1, budget: .seconds(4)),
                                  timeout: .svgDrawTimeout(budget: .seconds(4))) { 2 }
        }
        // The second waits for a place until its deadline, sooner than the first's.
        #expect(await clock.nextWake(within: .seconds(4)) == .seconds(4))
        gate.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        await Self.untilEveryDrawingEnded(pool)
        #expect(drawer.running == 0)
    }
}
