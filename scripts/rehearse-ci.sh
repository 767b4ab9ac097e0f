#!/usr/bin/env bash
# CI's run rehearsed on a busy machine: clones the committed HEAD afresh (as CI does, beside a copy of ../shared),
# starts two CPU-bound loops (`yes > /dev/null`, twice: a shared machine's load) that run the whole time, runs
# `CI=true bash .ci/run` with no standard input, and prints the whole run's time and the test count. Repeats
# `RUNS` times (3 by default), stopping at the first red run. The loops stop with the script, however it ends.
#   scripts/rehearse-ci.sh            three runs with two busy loops
#   RUNS=1 LOOPS=0 scripts/rehearse-ci.sh   one quiet run
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${RUNS:-3}
loops=${LOOPS:-2}
commit=$(git -C "$root" rev-parse --short HEAD)
work=$(mktemp -d /tmp/rehearse-ci.XXXXXX)
pids=()
stop_loops() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; pids=(); }
trap 'stop_loops; rm -rf "$work"' EXIT

for run in $(seq 1 "$runs"); do
  rm -rf "$work/main" "$work/shared"
  git clone -q "$root" "$work/main"
  cp -r "$root/../shared" "$work/shared"
  chmod -R a-w "$work/shared"
  for _ in $(seq 1 "$loops"); do yes >/dev/null & pids+=($!); done
  started=$(date +%s)
  status=0
  (cd "$work/main" && CI=true bash .ci/run </dev/null >"$work/run-$run.log" 2>&1) || status=$?
  seconds=$(( $(date +%s) - started ))
  stop_loops
  tests=$(grep -Eo "Test run with [0-9]+ tests" "$work/run-$run.log" | tail -1 || true)
  cp "$work/run-$run.log" "/tmp/rehearse-ci-$commit-$run.log"
  printf 'run %d of %d: commit %s, %d busy loops: %s in %d min %d s (%s); log /tmp/rehearse-ci-%s-%d.log\n' \
    "$run" "$runs" "$commit" "$loops" "$([ $status = 0 ] && echo green || echo RED)" $((seconds / 60)) $((seconds % 60)) \
    "${tests:-no test count}" "$commit" "$run"
  chmod -R u+w "$work/shared"
  [ $status = 0 ] || exit 1
done
