#!/usr/bin/env bash
# Checks the README's first command: `wheel` built without the Networking and Server traits (no SwiftNIO,
# AsyncHTTPClient, BoringSSL or Hummingbird) renders a sample to PNG, and says what `wheel image` and `wheel serve`
# need instead of failing obscurely. Builds in the package's own .build, reusing what `swift test` built (CI runs
# it after), so the HTTP stack's absence is read off the files linked into `wheel`, not off what was compiled;
# the next default build of `wheel` relinks it with everything. Prints how long the build took.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
started=$(date +%s)
swift build --package-path "$root" --disable-default-traits --product wheel \
  >"$work/build.log" 2>&1 || { cat "$work/build.log"; echo "quick build: FAILED to build"; exit 1; }
seconds=$(( $(date +%s) - started ))
bin="$(swift build --package-path "$root" --disable-default-traits --show-bin-path)"
wheel="$bin/wheel"
# The objects linked into this wheel, as SwiftPM listed them for the linker: none of the HTTP stack's.
if grep -E "/(NIOCore|NIOPosix|AsyncHTTPClient|Hummingbird|ChartServer|RemoteCharts|BlockingWork)\.build/" "$bin/wheel.product/Objects.LinkFileList"; then
  echo "quick build: FAILED: wheel links the HTTP stack"; exit 1
fi
"$wheel" render "$root/samples/astrologyapi/d_1962_newdelhi.json" -o "$work/wheel.png"
head -c 8 "$work/wheel.png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" || { echo "quick build: FAILED: no PNG written"; exit 1; }
status=0; "$wheel" image --chart "$root/samples/astrologyapi/d_1962_newdelhi.json" -o "$work/image.png" 2>"$work/err" || status=$?
[ "$status" = 64 ] && grep -q "without networking" "$work/err" && [ ! -e "$work/image.png" ] \
  || { echo "quick build: FAILED: wheel image said (exit $status): $(cat "$work/err")"; exit 1; }
status=0; "$wheel" serve --port 0 2>"$work/err" || status=$?
[ "$status" = 64 ] && grep -q "without the server" "$work/err" \
  || { echo "quick build: FAILED: wheel serve said (exit $status): $(cat "$work/err")"; exit 1; }
echo "quick build: ok: wheel without networking built in ${seconds} s (reusing the package build), renders PNG, and wheel image and wheel serve say what they need"
