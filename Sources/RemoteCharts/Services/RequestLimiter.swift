import BlockingWork
import FileWriting
import Foundation

/// The client's side of a provider's limits, shared by every process that uses the same state folder: a
/// sliding window of requests, a block the server asked for with a 429, and the month's credits.
///
/// One small JSON file per provider holds them, read and replaced under an exclusive `flock` on a lock file
/// beside it. The kernel drops the lock of a process that dies, so a crash never leaves the limit stuck. The
/// file holds times and counts only, never a credential.
///
/// A request's slot in the window is held until the latest moment it can reach the server: its deadline when
/// taken, the moment its answer came once it has. So the server, which counts requests as they arrive, never
/// sees more than `requests` in any `window`, however late a request arrives. A process that dies (killed,
/// crashed) sends nothing more: its slots are held from the moment another process sees it gone, as though
/// answered then, so they free one window later rather than at its deadline.
struct RequestLimiter: Sendable {
    let provider: ChartProvider
    let limits: ServiceLimits
    let directory: URL
    /// The wall clock: slots and blocks are moments every process reads alike, months are calendar months.
    let now: @Sendable () -> Date
    /// The clock waits and deadlines run on.
    let clock: ServiceClock

    /// Slots taken: one per request, in the order given.
    struct Reservation: Sendable {
        var slots: [String]
        /// `AstrologyAPI: 4,000 of 5,000 credits this month` once 80 % are used.
        var creditWarning: String?
    }

    private struct State: Codable {
        struct Slot: Codable {
            var id: String
            /// Seconds since 1970 until which the request may still reach the server.
            var until: Double
            /// The process that sent it, and its machine's name: nil in states written before they were kept.
            var pid: Int32?
            var host: String?
        }
        var slots: [Slot] = []
        /// Seconds since 1970 before which the server said not to ask again (a 429's `Retry-After`).
        var blockedUntil: Double?
        /// `2026-11`, UTC: the month `creditsUsed` counts.
        var month: String = ""
        var creditsUsed = 0
    }

    /// `$WHEEL_STATE_DIR`, else `$XDG_STATE_HOME/chart-wheel`, else `~/.local/state/chart-wheel`.
    static func defaultDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path = environment["WHEEL_STATE_DIR"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
        return base.appendingPathComponent("chart-wheel")
    }

    /// Takes `count` slots at once (FreeAstrologyAPI's three data requests go together or not at all), each held
    /// until `holdUntil`, and their credits. When the window is full it waits, if the wait ends before
    /// `deadline`; else it throws `rate limit: next request possible in 23 s` at once, or, while the window is
    /// held by requests still out (which free it when answered), when the deadline comes.
    func reserve(_ count: Int, holdUntil: Date, deadline: ServiceClock.Instant) async throws -> Reservation {
        let window = limits.window.seconds
        guard count <= limits.requests else {
            throw ServiceError.rateLimited(.windowTooSmall(provider, requests: limits.requests, window: limits.window, needed: count))
        }
        while true {
            let wait = try await transaction { [limits, provider] state, time -> Result<Reservation, Wait> in
                if let blocked = state.blockedUntil, blocked > time { return .failure(Wait(seconds: blocked - time, isFinal: true)) }
                state.blockedUntil = nil
                let holding = state.slots.map(\.until).sorted()
                if holding.count + count > limits.requests {
                    let freeing = holding[holding.count + count - limits.requests - 1]
                    // A slot whose request is still out is held until its deadline, but frees sooner when it is answered.
                    return .failure(Wait(seconds: freeing + window - time, isFinal: freeing <= time))
                }
                let month = Self.month(of: time)
                if state.month != month {
                    state.month = month
                    state.creditsUsed = 0
                }
                guard state.creditsUsed + count <= limits.monthlyCredits else {
                    throw ServiceError.rateLimited(.creditsUsed(provider, cap: limits.monthlyCredits, month: month))
                }
                state.creditsUsed += count
                let ids = (0..<count).map { _ in UUID().uuidString }
                state.slots += ids.map { State.Slot(id: $0, until: holdUntil.timeIntervalSince1970, pid: Self.pid, host: Self.host) }
                var warning: String?
                if state.creditsUsed * 5 >= limits.monthlyCredits * 4 {
                    warning = "\(provider.displayName): \(state.creditsUsed) of \(limits.monthlyCredits) credits used in \(month)"
                }
                return .success(Reservation(slots: ids, creditWarning: warning))
            }
            switch wait {
            case .success(let reservation): return reservation
            case .failure(let wait):
                let now = clock.now
                let pause = Duration.seconds(wait.seconds)
                if !wait.isFinal && now + min(pause, Self.poll) < deadline {
                    // A request still out holds the window: look again soon, it may be answered and free it sooner.
                    try await clock.sleep(for: min(pause, Self.poll))
                } else if now + pause < deadline {
                    try await clock.sleep(for: pause)
                } else {
                    throw ServiceError.rateLimited(.windowFull(seconds: Int(wait.seconds.rounded(.up))))
                }
            }
        }
    }

    /// The request in `slot` has its answer (or gave up): its slot now frees one window after this moment. One
    /// that never reached the server (no connection) gives its slot and its credit back.
    func finished(_ slot: String, reachedServer: Bool = true) async {
        await uncancelled { state, time in
            guard let index = state.slots.firstIndex(where: { $0.id == slot }) else { return }
            if reachedServer {
                state.slots[index].until = min(state.slots[index].until, time)
            } else {
                state.slots.remove(at: index)
                state.creditsUsed = max(state.creditsUsed - 1, 0)
            }
        }
    }

    /// The server answered 429: no process asks again for `wait`.
    func blocked(for wait: Duration) async {
        await uncancelled { state, time in
            state.blockedUntil = max(state.blockedUntil ?? 0, time + wait.seconds)
        }
    }

    /// Credits counted this month, for reports and tests.
    func creditsUsed() async throws -> Int {
        try await transaction { state, time in state.month == Self.month(of: time) ? state.creditsUsed : 0 }
    }

    private struct Wait: Error {
        var seconds: Double
        /// False while a request that holds the window is still out: the wait may end sooner.
        var isFinal: Bool
    }

    /// The time between looks at a window held by requests still out.
    private static let poll = Duration.milliseconds(100)

    /// Runs `body` on the state under the lock, with the time and the window's expired slots dropped, and
    /// writes the state back: on the blocking pool, since the lock may wait for another process and the state
    /// is on disk.
    private func transaction<T: Sendable>(_ body: @escaping @Sendable (inout State, Double) throws -> T) async throws -> T {
        try await BlockingPool.shared.run { try lockedTransaction(body) }
    }

    /// A transaction that is made even when the caller is being cancelled (a try cut at its deadline still
    /// frees its slot); one that fails costs only a slot held until its deadline.
    private func uncancelled(_ body: @escaping @Sendable (inout State, Double) -> Void) async {
        await Task { _ = try? await transaction(body) }.value
    }

    private func lockedTransaction<T>(_ body: (inout State, Double) throws -> T) throws -> T {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError.configuration(.stateFolderUnusable(path: directory.path, reason: error.localizedDescription))
        }
        let lockPath = directory.appendingPathComponent("\(provider.rawValue).lock").path
        let lock = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            throw ServiceError.configuration(.stateFolderUnusable(path: directory.path, reason: "cannot open \(lockPath) (\(String(cString: strerror(errno))))"))
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ServiceError.configuration(.stateLockUnusable(path: lockPath, reason: String(cString: strerror(errno)))) }
        }
        let statePath = directory.appendingPathComponent("\(provider.rawValue).json").path
        let time = now().timeIntervalSince1970
        // A state that cannot be read (a crash cannot cause one: it is replaced whole) starts afresh.
        var state = FileManager.default.contents(atPath: statePath).flatMap { try? JSONDecoder().decode(State.self, from: $0) } ?? State()
        // A request still out whose process has died reached the server by now if ever: held from now on.
        for index in state.slots.indices where state.slots[index].until > time && Self.senderIsGone(state.slots[index]) {
            state.slots[index].until = time
        }
        // A slot beyond any deadline can only come from a clock set back: it would hold the window for nothing.
        state.slots.removeAll { $0.until + limits.window.seconds <= time || $0.until > time + 3600 }
        let result = try body(&state, time)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            try FileWriter.replace(statePath, with: try encoder.encode(state))
        } catch {
            throw ServiceError.configuration(.stateFolderUnusable(path: directory.path, reason: "\(error)"))
        }
        return result
    }

    private static let pid = getpid()

    private static let host: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Whether the slot's process has surely ended: one of this machine (another's pids mean nothing here) that
    /// no longer exists. A process that lives on, or whose pid another has taken since, holds its slot to its
    /// deadline; so does one of another machine or container (another host name), or an unnamed one.
    private static func senderIsGone(_ slot: State.Slot) -> Bool {
        guard let pid = slot.pid, let host = slot.host, !host.isEmpty, host == Self.host, pid != Self.pid, pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    static func month(of time: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d", parts.year!, parts.month!)
    }
}
