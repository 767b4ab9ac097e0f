#!/usr/bin/env bash
# CI's short run of the contract: schemathesis with every check and every phase against `wheel serve`'s own
# /openapi.json (scripts/fuzz-serve.sh), a fixed seed and few examples an operation, bounded to 110 s. Any
# failure but the known gaps scripts/fuzz_serve_hooks.py lists fails it. The long run is fuzz-serve.sh itself.
#
#   scripts/check-contract.sh
#
# Needs pip (installs schemathesis, pinned, into a virtual environment under the temporary directory) and the
# debug `wheel` (built here if missing). Exit 0 when nothing failed, 1 otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work=$(mktemp -d -t wheel-contract.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q schemathesis==4.32.5
[ -x .build/debug/wheel ] || swift build --product wheel
PATH="$work/venv/bin:$PATH" CHECKS=all MAX_EXAMPLES=${MAX_EXAMPLES:-8} SEED=${SEED:-5} TIME_LIMIT=${TIME_LIMIT:-110} \
    scripts/fuzz-serve.sh >"$work/fuzz.log" 2>&1 && status=0 || status=$?
# The summary and any failure, not the thousands of requests.
grep -a -E "^(fuzz-serve|Test cases|Failures|  ❌|_+ [A-Z]+ |- ST|    Invalid component|\[[0-9]{3}\])" "$work/fuzz.log" | head -n 60 || true
[ "$status" = 0 ] && echo "contract: ok: schemathesis, every check, seed ${SEED:-5}: no failure but the known gaps" || echo "contract: FAILED (exit $status)"
exit "$status"
