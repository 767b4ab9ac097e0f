import Testing

extension Trait where Self == TimeLimitTrait {
    /// A guard against a hang, never a measure of speed: for tests that wait on something outside their own code (a
    /// process, a server, a thread of the pool, a continuation), so that one that never hears back fails by name
    /// instead of leaving a silent run. Its scale is CI's (a whole run may take 90 minutes), far beyond what a busy
    /// machine makes of any test here; tests that only compute carry none.
    public static var hangGuard: Self { .timeLimit(.minutes(30)) }
}
