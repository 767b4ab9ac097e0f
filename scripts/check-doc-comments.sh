#!/usr/bin/env bash
# Lists every declaration in Sources/ marked `public` or `open` (types, properties, functions, initializers,
# subscripts, type aliases; not extensions or imports) that has no `///` summary above it (attributes such as
# `@discardableResult` may stand between), and fails when there is one. DocC and Xcode's Quick Help show these
# summaries as the API reference. Enum cases, public by their enum, are not checked. Run from anywhere.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
missing=$(cd "$root" && find Sources -name '*.swift' -print0 | sort -z | xargs -0 awk '
  FNR == 1 { previous = "" }
  {
    line = $0
    if (line ~ /^[[:space:]]*((@[A-Za-z_]+(\([^)]*\))?|nonisolated|static|final|override|convenience|required|mutating|indirect|lazy|dynamic|class)[[:space:]]+)*(public|open)[[:space:]]/ &&
        line !~ /(public|open)[[:space:]]+(extension|import)[[:space:]]/) {
      if (previous !~ /^[[:space:]]*\/\/\// && previous !~ /\*\/[[:space:]]*$/) {
        text = line; sub(/^[[:space:]]+/, "", text)
        printf "%s:%d: %s\n", FILENAME, FNR, substr(text, 1, 110)
      }
    }
    # An attribute on a line of its own belongs to the declaration below it: keep looking above it.
    if (line !~ /^[[:space:]]*@[A-Za-z_]+(\(.*\))?[[:space:]]*$/) previous = line
  }')
if [ -n "$missing" ]; then
  printf '%s\n' "$missing"
  echo "doc comments: FAILED: $(printf '%s\n' "$missing" | wc -l) public declarations without a /// summary"
  exit 1
fi
echo "doc comments: ok: every public declaration in Sources/ has a /// summary"
