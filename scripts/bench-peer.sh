#!/usr/bin/env bash
# `wheel serve` beside its nearest peer, kerykeion's Astrologer API (github.com/g-battaglia/Astrologer-API: FastAPI
# under uvicorn, kerykeion 4.26.3), in one run on loopback, measured with wrk: 2xx answers a second, p50/p99 latency,
# answers not 2xx and socket errors (timeouts among them) of the same birth (1990-05-15 10:30, New York) asked two ways:
#   chart data    the peer's POST /api/v4/natal-aspects-data (positions, houses, aspects: the closest to AstrologyAPI's
#                 western_chart_data) and ours, POST /v1/western_chart_data;
#   chart as SVG  the peer's POST /api/v4/birth-chart (its whole chart, as it ships, wheel_only false: the SVG with the
#                 chart data) and ours, POST /v1/wheel (SVG, 600 px, from the birth).
# Only 2xx answers count as served. Prints one table, with the ratios ours/peer of 2xx answers a second (for SVG: our
# wheels over the peer's charts with SVG), and writes it to a file; ends 1 when a case could not be measured.
#
#   scripts/bench-peer.sh [RESULT_FILE]      # default .build/bench-peer.txt
#
# Needs wrk, curl, git and python3 (3.11 or later: the peer reads its settings with tomllib), PyPI (the peer's
# requirements go into a venv, PEER_VENV, default .build/peer-venv, reused when the peer imports from it with kerykeion
# 4.26.3), and the peer's repository: PEER_REPO, a git dir or a work tree (default: the mirror at
# /work/.mirror/g-battaglia+Astrologer-API/repo). Ours is WHEEL (default .build/release/wheel, built in release only when
# missing). Both run as shipped: the peer in its production settings (its INFO log, into a file; no secret key set, so
# its key check lets every request in) as two uvicorn workers, one a core; ours with its default render places (twice
# the cores: no --renders-at-once, the shipped default is what is measured), only the rate limit lifted and warnings
# only in the log, as bench-serve.sh starts it. Neither reads settings from the environment: WHEEL_SERVE_*, ENV_TYPE,
# RAPID_API_SECRET_KEY and GEONAMES_USERNAME are left out. The peer gets latitude, longitude and zone and no GeoNames
# user, so kerykeion stays offline.
#
# Every load is bounded in time: each wrk run by BENCH_SECONDS (10 s), each answer by wrk's --timeout 10s (a later one
# is a timeout, among the socket errors), and each wrk under `timeout` too. One server runs at a time (the peer stopped
# before ours starts), on the two cores it shares with wrk (2 threads, 64 connections); whatever this script started is
# stopped when it ends, however it ends. The figures move with whatever else runs on the machine: the table says the
# load average.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${BENCH_SECONDS:-10}
CONNECTIONS=64
THREADS=2
RESULT=${1:-.build/bench-peer.txt}
WHEEL=${WHEEL:-.build/release/wheel}
PEER_REPO=${PEER_REPO:-/work/.mirror/g-battaglia+Astrologer-API/repo}
PEER_VENV=${PEER_VENV:-.build/peer-venv}
KERYKEION=4.26.3

for tool in wrk curl git python3; do
    command -v "$tool" >/dev/null || { echo "bench-peer: $tool is needed (apt-get install wrk curl git python3)" >&2; exit 2; }
done

if [[ ! -x $WHEEL ]]; then
    [[ $WHEEL == .build/release/wheel ]] || { echo "bench-peer: WHEEL=$WHEEL is not an executable" >&2; exit 2; }
    echo "bench-peer: building wheel in release" >&2
    swift build -c release --product wheel >&2
fi

work=$(mktemp -d -t wheel-bench-peer.XXXXXX)
peer=
peer_workers=
ours=
client=
stop_client() {
    [[ -n $client ]] || return 0
    kill -TERM "$client" 2>/dev/null || true
    wait "$client" 2>/dev/null || true
    client=
}
source scripts/bench/stop-process.sh
# uvicorn's parent stops its workers on SIGTERM; if it has to be killed, its workers are killed by their ids too.
stop_peer() {
    [[ -n $peer ]] || return 0
    peer_workers=$(pgrep -P "$peer" || true)
    # shellcheck disable=SC2086 # one id a word
    stop_process "$peer" $peer_workers
    peer=
}
stop_ours() {
    [[ -n $ours ]] || return 0
    stop_process "$ours"
    ours=
}
trap 'stop_client; stop_peer; stop_ours; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# The peer's source: a work tree as it is, or HEAD of a git dir (a bare mirror) unpacked into the scratch directory.
if [[ -f $PEER_REPO/app/main.py ]]; then
    peer_src=$PEER_REPO
    peer_commit=$(git -C "$PEER_REPO" rev-parse --short HEAD 2>/dev/null || echo "work tree")
elif git --git-dir="$PEER_REPO" rev-parse -q --verify 'HEAD^{commit}' >/dev/null 2>&1; then
    peer_src=$work/peer
    mkdir -p "$peer_src"
    git --git-dir="$PEER_REPO" archive HEAD | tar -x -C "$peer_src"
    peer_commit=$(git --git-dir="$PEER_REPO" rev-parse --short HEAD)
else
    echo "bench-peer: no Astrologer API checkout at $PEER_REPO; set PEER_REPO to a git dir or a work tree of" \
        "github.com/g-battaglia/Astrologer-API" >&2
    exit 2
fi

# The venv: the peer's runtime packages (its Pipfile's [packages], less the type stubs, which only mypy reads), with
# kerykeion pinned whatever the Pipfile asks. Reused when the peer's app imports from it with that kerykeion.
if [[ $PEER_VENV != /* ]]; then PEER_VENV=$PWD/$PEER_VENV; fi
venv_ready() {
    [[ -x $PEER_VENV/bin/python ]] && (cd "$peer_src" && env -u ENV_TYPE "$PEER_VENV/bin/python" -c \
        "import importlib.metadata as m, sys; import app.main; sys.exit(m.version('kerykeion') != '$KERYKEION')") \
        >/dev/null 2>&1
}
if ! venv_ready; then
    echo "bench-peer: installing the peer's requirements into $PEER_VENV" >&2
    [[ -x $PEER_VENV/bin/python ]] || python3 -m venv "$PEER_VENV"
    requirements=(fastapi uvicorn)
    if [[ -f $peer_src/Pipfile ]]; then
        while read -r name; do
            [[ $name == kerykeion || $name == types-* ]] || requirements+=("$name")
        done < <(sed -n '/^\[packages\]/,/^\[/{s/^\([A-Za-z0-9_.-]*\) *=.*/\1/p}' "$peer_src/Pipfile")
    fi
    timeout 900 "$PEER_VENV/bin/pip" install -q "kerykeion==$KERYKEION" "${requirements[@]}" >&2
    venv_ready || { echo "bench-peer: the peer does not import from $PEER_VENV" >&2; exit 1; }
fi
versions=$("$PEER_VENV/bin/pip" freeze 2>/dev/null | grep -i -E '^(kerykeion|fastapi|uvicorn|pydantic|starlette)==' | paste -s -d ' ')

# wait_port LOG PATTERN PID NAME: the port a server wrote in its log once it listens (it was given port 0: any free one).
wait_port() {
    port=
    for _ in $(seq 1 240); do
        port=$(sed -n "s|.*$2http://127\.0\.0\.1:\([0-9]*\).*|\1|p" "$1" | head -n 1)
        [[ -n $port ]] && break
        kill -0 "$3" 2>/dev/null || break
        sleep 0.25
    done
    [[ -n $port && $port != 0 ]] || { echo "bench-peer: $4 did not start:" >&2; cat "$1" >&2; exit 1; }
    base=http://127.0.0.1:$port
}

start_peer() {
    (cd "$peer_src" && exec env -u ENV_TYPE -u RAPID_API_SECRET_KEY -u GEONAMES_USERNAME \
        "$PEER_VENV/bin/uvicorn" app.main:app --app-dir "$peer_src" --host 127.0.0.1 --port 0 --workers 2) \
        >"$work/peer.log" 2>&1 &
    peer=$!
    wait_port "$work/peer.log" 'Uvicorn running on ' "$peer" "the peer (uvicorn)"
    # The parent writes the port once it holds the socket, before its workers listen on it (each takes a few
    # seconds to import kerykeion): ready when both say so.
    for _ in $(seq 1 240); do
        [[ $(grep -c 'Application startup complete' "$work/peer.log") -ge 2 ]] && return 0
        kill -0 "$peer" 2>/dev/null || break
        sleep 0.25
    done
    echo "bench-peer: the peer's workers did not start:" >&2
    cat "$work/peer.log" >&2
    exit 1
}

# As bench-serve.sh starts it, but with the default render places.
start_ours() {
    local unset_env=()
    for name in $(compgen -e); do
        if [[ $name == WHEEL_SERVE_* ]]; then unset_env+=(-u "$name"); fi
    done
    env "${unset_env[@]}" "$WHEEL" serve --host 127.0.0.1 --port 0 --rate 100000 --burst 1000000 --log-level warning \
        >"$work/ours.log" 2>&1 &
    ours=$!
    wait_port "$work/ours.log" 'listening on ' "$ours" "wheel serve"
}

# The body a Lua script sends, for a check before the load.
lua_body() { sed -n "s/^wrk.body = '\(.*\)'$/\1/p; s/^    \.\. '\(.*\)'$/\1/p" "$1" | tr -d '\n'; }

# wrk's latency ("812.00us", "1.20ms", "2.01s") in milliseconds.
in_ms() {
    awk -v v="$1" 'BEGIN {
        n = v + 0
        if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n *= 60000; else if (v ~ /s$/) n *= 1000
        printf "%.2f", n }'
}

declare -A served
rows=()
unmeasured=0
# measure KEY LABEL PATH SCRIPT CONTENT: one wrk run, a row of the table. First one request, which must answer 200
# with CONTENT (an extended regex: the birth's Sun in Taurus, the SVG whole), then a few more so that every worker
# has read its tables before the load.
measure() {
    local key=$1 label=$2 path=$3 script=scripts/bench/$4 content=$5 body status
    body=$(lua_body "$script")
    : >"$work/check"
    status=$(curl -s --max-time 30 -o "$work/check" -w '%{http_code}' -H 'Content-Type: application/json' \
        --data-binary "$body" "$base$path") || true
    # On one line: an SVG answer has many.
    if [[ $status != 200 ]] || ! tr '\n' ' ' <"$work/check" | grep -q -E "$content"; then
        rows+=("| $label | not measured: answered $status ($(head -c 120 "$work/check" | tr '\n|' '  ')) | | | | | |")
        unmeasured=1
        return
    fi
    for _ in 1 2 3 4 5 6; do
        curl -s --max-time 30 -o /dev/null -H 'Content-Type: application/json' --data-binary "$body" "$base$path" || true
    done
    timeout -k 5 $((SECONDS_EACH + 30)) wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 10s --latency \
        -s "$script" "$base$path" >"$work/wrk-$key.txt" 2>&1 &
    client=$!
    local rc=0
    wait "$client" || rc=$?
    client=
    local out
    out=$(cat "$work/wrk-$key.txt")
    if [[ $rc != 0 ]] || ! grep -q '^served a second:' <<<"$out"; then
        rows+=("| $label | not measured: wrk ended $rc ($(tail -n 1 <<<"$out" | tr '|' ' ')) | | | | | |")
        unmeasured=1
        return
    fi
    local rps p50 p99 non2xx errors timeouts
    # Served counts 2xx answers only (scripts/bench/statuses.lua): a 503 or a 500 is no chart.
    rps=$(awk '/^served a second:/ { print $4 }' <<<"$out")
    p50=$(in_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
    p99=$(in_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
    non2xx=$(sed -n 's/.*not 2xx: \([0-9]*\);.*/\1/p' <<<"$out")
    errors=$(sed -n 's/.*socket errors: \([0-9]*\) .*/\1/p' <<<"$out")
    timeouts=$(sed -n 's/.*timeout \([0-9]*\)).*/\1/p' <<<"$out")
    served[$key]=$rps
    rows+=("| $label | $rps | $p50 | $p99 | ${non2xx:-0} | ${errors:-0} (${timeouts:-0}) | @$key |")
}

# ours/peer of 2xx answers a second, or n/a when either is missing.
ratio() {
    awk -v o="${served[$1]:-}" -v p="${served[$2]:-}" \
        'BEGIN { if (o != "" && p != "" && p > 0) printf "%.1f×", o / p; else print "n/a" }'
}

load=$(cut -d ' ' -f 1-3 /proc/loadavg)

start_peer
measure peer_data "peer: POST /api/v4/natal-aspects-data" /api/v4/natal-aspects-data peer-chart-data.lua \
    '"status":"OK".*"sun":\{[^}]*"sign":"Tau".*"first_house".*"aspects":\[\{'
measure peer_svg "peer: POST /api/v4/birth-chart (SVG + data)" /api/v4/birth-chart peer-birth-chart.lua \
    '"status":"OK","chart":"<\?xml.*<svg .*</svg>.*"sun":\{[^}]*"sign":"Tau"'
stop_peer

start_ours
measure ours_data "ours: POST /v1/western_chart_data" /v1/western_chart_data western-chart-data.lua \
    '^\{"planets":\[\{"name":"Sun","sign":"Taurus".*"houses":\[.*"aspects":\['
measure ours_svg "ours: POST /v1/wheel (SVG 600 px, a birth)" /v1/wheel wheel-svg.lua '^<svg .*</svg>'
stop_ours

data_ratio=$(ratio ours_data peer_data)
svg_ratio=$(ratio ours_svg peer_svg)
mkdir -p "$(dirname "$RESULT")"
{
    echo "wheel serve ($("$WHEEL" --version 2>/dev/null || echo "version ?")) beside kerykeion's Astrologer API" \
        "($peer_commit; $versions), 127.0.0.1, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores shared by wrk and one server at a time"
    echo "(wrk: $THREADS threads, $CONNECTIONS connections, ${SECONDS_EACH} s a request, --timeout 10s;" \
        "peer: uvicorn --workers 2; ours: default render places; load average before: $load)"
    echo
    echo "| request | 2xx/s | p50 ms | p99 ms | non-2xx | socket errors (timeouts) | ours/peer |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for row in "${rows[@]}"; do
        row=${row/@peer_data/}
        row=${row/@peer_svg/}
        row=${row/@ours_data/$data_ratio}
        row=${row/@ours_svg/$svg_ratio}
        echo "$row"
    done
    echo
    echo "chart data, ours/peer: $data_ratio; SVG, ours SVG wheels a second over the peer's charts + SVG a second: $svg_ratio"
    echo "(p50/p99 are of the answers that came back within the run; an answer later than 10 s is a timeout)"
} | tee "$RESULT"
echo "bench-peer: written to $RESULT" >&2
exit "$unmeasured"
