// `swift test` runs the tests in a child process, and does not pass a SIGTERM on to it: stopped by a CI's
// timeout or a person, `swift test` ends and leaves the tests running, orphaned, for as long as they take or
// hang. At load, before any test, the test process asks the kernel for a SIGTERM when its parent ends, and
// ends at once if the parent is already gone.
#include "TestProcessGuard.h"

#if defined(__linux__)
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

static int installed = 0;

__attribute__((constructor)) static void end_with_parent(void) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) == 0) installed = 1;
    if (getppid() != parent) _exit(143);
}

int test_process_guard_installed(void) { return installed; }
#else
int test_process_guard_installed(void) { return 0; }
#endif
