#!/usr/bin/env bash
# Renders every sample chart to samples/wheels/ as SVG and PNG, light and dark, at 600 px, and the README's picture.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product wheel >/dev/null
wheel="$(swift build -c release --show-bin-path)/wheel"
mkdir -p samples/wheels
for chart in samples/astrologyapi/*.json; do
  id=$(basename "$chart" .json)
  for theme in light dark; do
    for ext in svg png; do
      "$wheel" render "$chart" --theme "$theme" -o "samples/wheels/$id-$theme.$ext"
    done
  done
done
# The README's picture: the options a reader of the wheel asks for.
"$wheel" render samples/astrologyapi/b_1990_newyork.json --legend true --house-system Placidus --cusp-degrees true \
  --title "New York, 15 May 1990, 10:30" -o samples/wheels/b_1990_newyork-options.png
# A wheel from a birth alone, computed offline: the New Delhi sample.
"$wheel" render --date 1962-02-05 --time 00:00 --zone Asia/Kolkata --lat 28.6139 --lon 77.2090 --house-system placidus \
  --title "New Delhi, 5 February 1962, 00:00 (computed)" -o samples/wheels/d_1962_newdelhi-birth.png
# A bi-wheel: New York inside, Sydney as the partner on the outer ring (the README's picture of it).
"$wheel" render samples/astrologyapi/b_1990_newyork.json --outer samples/astrologyapi/h_1994_sydney.json \
  -o samples/wheels/b_1990_newyork-h_1994_sydney-biwheel.png
echo "wrote $(ls samples/wheels | wc -l) files to samples/wheels/"
