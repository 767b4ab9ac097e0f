#!/usr/bin/env bash
# Builds `wheel` in release mode and runs the benchmarks (Performance/), printing medians, spread and allocations.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product wheel
swift package --package-path Performance benchmark "$@"
