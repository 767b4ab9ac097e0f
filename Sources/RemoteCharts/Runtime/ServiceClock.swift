/// The time that budgets, retries, waits for the rate limit and deadlines run on: any `Clock` that measures in
/// `Duration` (`ContinuousClock` by default, a manual clock in tests), behind one type so that the services'
/// deadlines are one type whatever the clock. Its instants count from the moment it was made; a service makes
/// one and hands it to every part, so their deadlines compare.
struct ServiceClock: Sendable {
    struct Instant: Comparable, Hashable, Sendable {
        fileprivate var offset: Duration

        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        static func + (instant: Instant, duration: Duration) -> Instant { Instant(offset: instant.offset + duration) }
        static func - (a: Instant, b: Instant) -> Duration { a.offset - b.offset }
    }

    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// From a clock held as an existential, as the settings hold it.
    init(any clock: any Clock<Duration>) {
        self.init(clock)
    }

    var now: Instant { Instant(offset: elapsed()) }

    func sleep(until deadline: Instant) async throws {
        try await sleeper(deadline.offset)
    }

    func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }

    /// The time from now until `deadline`, negative once it has passed.
    func remaining(until deadline: Instant) -> Duration {
        deadline - now
    }
}
