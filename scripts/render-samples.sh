#!/usr/bin/env bash
# Renders every sample chart to samples/wheels/ as SVG and PNG, light and dark, at 600 px.
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
echo "wrote $(ls samples/wheels | wc -l) files to samples/wheels/"
