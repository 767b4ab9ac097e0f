#!/usr/bin/env bash
# Proves the core builds anywhere: builds Examples/SVGApp, an app on ChartModel, Geometry and WheelRender alone
# (and BirthChart, on Ephemeris and Places too),
# with cairo's and librsvg's headers and pkg-config files out of sight, checks that nothing of theirs is linked
# in, then that its SVG and layout are, byte for byte, what `wheel render` and `wheel layout` write for every
# sample chart in both themes. Run from anywhere; CI runs it after `swift test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Runs "$@" where the edges' C headers and pkg-config files cannot be seen: in a mount namespace of its own,
# with empty folders over the headers and /dev/null over the .pc files (SwiftPM reads those itself, whatever
# PKG_CONFIG_PATH says). Without the rights for that (not root), a fresh machine without the libraries serves.
without_c_libraries() {
  if unshare --mount true 2>/dev/null; then
    unshare --mount bash -c '
      for folder in /usr/include/librsvg-2.0 /usr/include/cairo /usr/include/glib-2.0; do
        [ -d "$folder" ] && mount -t tmpfs none "$folder"
      done
      for pc in /usr/lib/*/pkgconfig/librsvg-2.0.pc /usr/lib/*/pkgconfig/cairo.pc /usr/lib/pkgconfig/librsvg-2.0.pc; do
        [ -e "$pc" ] && mount --bind /dev/null "$pc"
      done
      exec "$@"' bash "$@"
  else
    echo "core: cannot hide the C headers (unshare needs root): the check is only as strong as this machine is bare"
    "$@"
  fi
}

echo "core: building Examples/SVGApp (SVGApp and BirthChart) with cairo and librsvg out of sight"
if ! without_c_libraries swift build --package-path "$root/Examples/SVGApp" >"$work/build.log" 2>&1; then
  cat "$work/build.log"
  echo "core: FAILED: an app on the core alone does not build without cairo and librsvg"
  exit 1
fi
bin="$(swift build --package-path "$root/Examples/SVGApp" --show-bin-path)"
app="$bin/SVGApp"
# Nothing of cairo, librsvg or zlib may be linked in.
for executable in "$app" "$bin/BirthChart"; do
  if command -v ldd >/dev/null && ldd "$executable" | grep -E 'libcairo|librsvg|libz\.so'; then
    echo "core: FAILED: $(basename "$executable") links a C library of the edges"; exit 1
  fi
done

swift build --package-path "$root" --product wheel >"$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; exit 1; }
wheel="$(swift build --package-path "$root" --show-bin-path)/wheel"
printf '{"theme": "dark", "chart_size": 800}' >"$work/dark.json"
checked=0
for chart in "$root"/samples/astrologyapi/*.json "$root"/samples/freeastrologyapi/*.json; do
  for options in none "$work/dark.json"; do
    if [ "$options" = none ]; then args=(); else args=("$options"); fi
    if [ "$options" = none ]; then flags=(); else flags=(--options "$options"); fi
    "$app" "$chart" "${args[@]}" >"$work/app.svg"
    "$wheel" render "$chart" "${flags[@]}" -o "$work/wheel.svg"
    cmp -s "$work/app.svg" "$work/wheel.svg" || { echo "core: FAILED: SVG of $chart ($options) differs from wheel render's"; exit 1; }
    "$app" "$chart" "${args[@]}" --layout >"$work/app.json"
    "$wheel" layout "$chart" "${flags[@]}" -o "$work/wheel.json"
    cmp -s "$work/app.json" "$work/wheel.json" || { echo "core: FAILED: layout of $chart ($options) differs from wheel layout's"; exit 1; }
    checked=$((checked + 1))
  done
done
# A birth computed on the core alone draws the wheel `wheel render` draws from the same birth flags.
mkdir -p "$work/birth"
(cd "$work/birth" && "$bin/BirthChart" >/dev/null)
"$wheel" render --date 1962-02-05 --time 00:00 --zone Asia/Kolkata --lat 28.6139 --lon 77.2090 -o "$work/birth.svg"
cmp -s "$work/birth/wheel.svg" "$work/birth.svg" || { echo "core: FAILED: BirthChart's SVG differs from wheel render's for the same birth"; exit 1; }
echo "core: ok: apps on the core alone build without C libraries; $checked SVGs and layouts equal wheel's, byte for byte"
