#!/usr/bin/env bash
# Proves that the README's Package.swift works as written: clones this repository as ChartWheel, puts
# Examples/YourApp beside it (the README shows its manifest and program word for word: ReadmeExamplesTests),
# builds it, and checks that the SVG it draws is the golden of the same chart and options. Core products only,
# so no C library and no HTTP stack is built. The clone is of the last commit, not of uncommitted changes.
# Run from anywhere; CI runs it after `swift test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/ChartWheel"
mkdir -p "$work/YourApp"
cp -R "$root/Examples/YourApp/Package.swift" "$root/Examples/YourApp/Sources" "$work/YourApp/"
# The toolkit's own dependencies, as this checkout already fetched them (when it has): the same pins, and no
# second download of their repositories.
[ -f "$root/Package.resolved" ] && cp "$root/Package.resolved" "$work/YourApp/"
if [ -d "$root/.build/repositories" ]; then
  mkdir -p "$work/YourApp/.build" && cp -R "$root/.build/repositories" "$work/YourApp/.build/"
fi

echo "dependency line: building Examples/YourApp beside a clone named ChartWheel"
swift build --package-path "$work/YourApp" >"$work/build.log" 2>&1 \
  || { cat "$work/build.log"; echo "dependency line: FAILED: the README's Package.swift does not build"; exit 1; }
app="$(swift build --package-path "$work/YourApp" --show-bin-path)/YourApp"
"$app" "$root/samples/astrologyapi/b_1990_newyork.json" "$work/wheel.svg"
cmp -s "$work/wheel.svg" "$root/GoldenImages/b_1990_newyork-dark.svg" \
  || { echo "dependency line: FAILED: YourApp's SVG is not GoldenImages/b_1990_newyork-dark.svg"; exit 1; }
echo "dependency line: ok: .package(path: \"../ChartWheel\") and .product(name:package: \"ChartWheel\") build, and draw the golden wheel"
