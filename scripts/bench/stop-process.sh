# Sourced by scripts/bench-serve.sh and scripts/bench-peer.sh.
# stop_process PID [MORE_PIDS...]: SIGTERM to PID, up to 10 s for it to end, then SIGKILL to it and to MORE_PIDS (its
# workers, say), and its exit collected.
stop_process() {
    local pid=$1
    shift
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$pid" "$@" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
