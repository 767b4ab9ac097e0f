#!/usr/bin/env bash
# Builds `wheel` in release mode with the Swift runtime linked in (it starts faster) and runs the benchmarks
# in Performance/, printing percentiles of time, mallocs and memory.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product wheel --scratch-path .build-static
swift package --package-path Performance benchmark "$@"
