#!/usr/bin/env bash
# The 4,000 births of Performance/births-4000.jsonl with every body, in one process of ours (one thread; the default
# chart beside it, and one birth's chart repeated, for the cost per chart) and through pyswisseph in a Python loop
# (scripts/pyswisseph-baseline.py --every-body: the asteroids only if its seas_18.se1 is installed, which it
# usually is not; it says which bodies it timed). Release build of Performance/'s EveryBodyBatch; figures in
# docs/Performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Performance -c release --product EveryBodyBatch >/dev/null
"$(swift build --package-path Performance -c release --show-bin-path)/EveryBodyBatch" Performance/births-4000.jsonl
python3 scripts/pyswisseph-baseline.py Performance/births-4000.jsonl --every-body
