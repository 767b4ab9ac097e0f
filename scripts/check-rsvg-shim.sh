#!/usr/bin/env bash
# Holds Sources/CRsvg/shim.h to librsvg's and GLib's own headers: each function it declares is declared again
# after <librsvg/rsvg.h>, which a C compiler refuses when the two disagree, and the structures it spells out
# are checked for the same layout; then the header is compiled whole, as SwiftPM compiles it (cairo's flags), so
# that its fontconfig helper is held to fontconfig's header. CI runs it; a librsvg whose API changed fails here,
# not at run time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
{
  echo '#include <librsvg/rsvg.h>'
  echo '#include <stddef.h>'
  echo '#include <stdint.h>'
  grep -E '^[A-Za-z].*\(.*\);$' "$root/Sources/CRsvg/shim.h"
  echo '_Static_assert(offsetof(GError, domain) == 0 && offsetof(GError, code) == 4 && offsetof(GError, message) == 8, "GError");'
  echo '_Static_assert(sizeof(RsvgRectangle) == 4 * sizeof(double) && offsetof(RsvgRectangle, height) == 3 * sizeof(double), "RsvgRectangle");'
  echo '_Static_assert(sizeof(gsize) == sizeof(unsigned long) && sizeof(gboolean) == sizeof(int), "GLib types");'
} > "$work/check.c"
count=$(grep -cE '^[A-Za-z].*\(.*\);$' "$root/Sources/CRsvg/shim.h")
# shellcheck disable=SC2046
cc -std=c11 -fsyntax-only -Werror $(pkg-config --cflags librsvg-2.0) "$work/check.c"
echo '#include "shim.h"' > "$work/shim.c"
# shellcheck disable=SC2046
cc -std=c11 -fsyntax-only -Werror -Wall -I"$root/Sources/CRsvg" $(pkg-config --cflags cairo fontconfig) "$work/shim.c"
echo "rsvg shim: $count declarations agree with librsvg's and GLib's headers; the fontconfig helper compiles"
