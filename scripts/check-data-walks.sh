#!/usr/bin/env bash
# The heavy data walks at full coverage: every zone point against timezonefinder, every other name of the largest
# thousand places, every renamed city (Tests/PlaceWalks), and the pure-compute walks: the wheel's rules on every
# random chart, every pair of repeated JSON keys (Tests/ChartWalks); each with the known cases `swift test` samples
# them with. Built in release (-enable-testing: the walks read the modules' internals) in a scratch folder of its own,
# so that it neither waits on nor rebuilds the debug build beside it. A line per failure; exit 1 on any.
# CI runs it after `swift test`. Prints how long the build and the walks took.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$root/.build-data-walks"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
started=$(date +%s)
swift build --package-path "$root" --scratch-path "$scratch" -c release --product DataWalks -Xswiftc -enable-testing \
  >"$work/build.log" 2>&1 || { cat "$work/build.log"; echo "data walks: FAILED to build"; exit 1; }
built=$(date +%s)
echo "data walks: built in release in $((built - started)) s"
"$(swift build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)/DataWalks"
