#!/usr/bin/env bash
# Checks the README's first command: `wheel` built without the Networking and Server traits (no SwiftNIO,
# AsyncHTTPClient, BoringSSL or Hummingbird) renders a sample to PNG, and says what `wheel image` and `wheel serve`
# need instead of failing obscurely. Builds into
# .build-quick so that it neither reuses nor clobbers the full build; prints how long the build took.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
started=$(date +%s)
swift build --package-path "$root" --scratch-path "$root/.build-quick" --disable-default-traits --product wheel \
  >"$work/build.log" 2>&1 || { cat "$work/build.log"; echo "quick build: FAILED to build"; exit 1; }
seconds=$(( $(date +%s) - started ))
wheel="$(swift build --package-path "$root" --scratch-path "$root/.build-quick" --disable-default-traits --show-bin-path)/wheel"
if grep -q "Compiling NIOCore\|Compiling AsyncHTTPClient\|Compiling Hummingbird" "$work/build.log"; then
  echo "quick build: FAILED: it compiled the HTTP stack"; exit 1
fi
"$wheel" render "$root/samples/astrologyapi/d_1962_newdelhi.json" -o "$work/wheel.png"
head -c 8 "$work/wheel.png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" || { echo "quick build: FAILED: no PNG written"; exit 1; }
status=0; "$wheel" image --chart "$root/samples/astrologyapi/d_1962_newdelhi.json" -o "$work/image.png" 2>"$work/err" || status=$?
[ "$status" = 64 ] && grep -q "without networking" "$work/err" && [ ! -e "$work/image.png" ] \
  || { echo "quick build: FAILED: wheel image said (exit $status): $(cat "$work/err")"; exit 1; }
status=0; "$wheel" serve --port 0 2>"$work/err" || status=$?
[ "$status" = 64 ] && grep -q "without the server" "$work/err" \
  || { echo "quick build: FAILED: wheel serve said (exit $status): $(cat "$work/err")"; exit 1; }
echo "quick build: ok: wheel without networking built in ${seconds} s (incremental if .build-quick existed), renders PNG, and wheel image and wheel serve say what they need"
