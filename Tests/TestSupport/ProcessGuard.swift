import TestProcessGuard

/// Whether the test process ends when `swift test` does (Linux: the kernel sends it SIGTERM then).
public var testProcessEndsWithItsParent: Bool { test_process_guard_installed() == 1 }
