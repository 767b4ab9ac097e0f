// The test process ends with the command that started it: see ProcessGuard.c.
#pragma once

/// 1 when the guard was installed at load (Linux), else 0.
int test_process_guard_installed(void);
