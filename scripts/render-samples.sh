#!/usr/bin/env bash
# Draws every picture under samples/ that scripts/pictures.txt lists, each from its command as the docs print it,
# with the debug build of `wheel` that `swift test` builds and PicturesTests checks the pictures with (one build,
# so the check compares like with like). The goldens the list names (GoldenImages/) are left alone: they are
# written by `WHEEL_RECORD_GOLDENS=1 swift test` from GoldenImages/manifest.json.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product wheel >/dev/null
wheel="$(swift build --show-bin-path)/wheel"
count=0
while IFS= read -r line; do
  case "$line" in '#'* | '') continue ;; esac
  picture="${line%% | *}"
  command="${line#* | }"
  case "$picture" in samples/*) ;; *) continue ;; esac
  # The list's own quoting (double quotes around a word with spaces), read as the shell reads it.
  eval "words=($command)"
  [ "${words[0]}" = wheel ] || { echo "scripts/pictures.txt: $picture: the command is not a wheel command" >&2; exit 1; }
  arguments=()
  for ((i = 1; i < ${#words[@]}; i++)); do
    arguments+=("${words[i]}")
    # The printed -o (wheel.png) says the format; the picture's path is where it goes.
    if [ "${words[i]}" = -o ]; then arguments+=("$picture"); i=$((i + 1)); fi
  done
  mkdir -p "$(dirname "$picture")"
  "$wheel" "${arguments[@]}"
  count=$((count + 1))
done < scripts/pictures.txt
echo "drew $count pictures from scripts/pictures.txt"
