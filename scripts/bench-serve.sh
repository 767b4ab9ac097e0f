#!/usr/bin/env bash
# `wheel serve` under load on loopback, measured with wrk: requests a second and p50/p99 latency of four requests,
# the server's SVG throughput against the same work done in-process by the library, and the server's resident
# memory over 100,000 requests. Prints one table and writes it to a file.
#
#   scripts/bench-serve.sh [RESULT_FILE]      # default .build/bench-serve.txt
#
# Needs wrk and hey (apt-get install wrk hey) and curl. Builds `wheel` in release (default traits, so with the
# server) and Performance's ServeBaseline. Every load is bounded: each wrk run by time (BENCH_SECONDS, 10 s), the
# memory soak by count (BENCH_SOAK_REQUESTS, 100,000, in five parts, with hey -n) and by time (120 s a hey run); the
# server it starts is stopped when it ends, however it ends. Client and server share the machine's cores: wrk runs 2 threads and 64
# connections. The figures move with whatever else runs on the machine: the table says the load average.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${BENCH_SECONDS:-10}
SOAK=${BENCH_SOAK_REQUESTS:-100000}
CONNECTIONS=64
THREADS=2
RESULT=${1:-.build/bench-serve.txt}
WHEEL=.build/release/wheel
BASELINE=Performance/.build/release/ServeBaseline

for tool in wrk hey curl; do
    command -v "$tool" >/dev/null || { echo "bench-serve: $tool is needed (apt-get install wrk hey curl)" >&2; exit 2; }
done

echo "bench-serve: building wheel and ServeBaseline in release" >&2
swift build -c release --product wheel >&2
swift build -c release --package-path Performance --product ServeBaseline >&2

work=$(mktemp -d -t wheel-bench.XXXXXX)
server=
source scripts/bench/stop-process.sh
stop_server() {
    [[ -n $server ]] || return 0
    stop_process "$server"
    server=
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# The settings a load test needs: no rate limit to speak of (every request comes from one address; 20 a second a
# client by default), warnings only in the log (JSON lines on stdout, kept with stderr in a file). The render places
# and their queue are the shipped defaults: what an operator runs is what is measured.
start_server() {
    local log=$work/server.log
    "$WHEEL" serve --host 127.0.0.1 --port 0 --rate 100000 --burst 1000000 \
        --log-level warning >"$log" 2>&1 &
    server=$!
    port=
    for _ in $(seq 1 120); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -n 1)
        [[ -n $port ]] && break
        kill -0 "$server" 2>/dev/null || break
        sleep 0.25
    done
    [[ -n $port ]] || { echo "bench-serve: the server did not start:" >&2; cat "$log" >&2; exit 1; }
    base=http://127.0.0.1:$port
}

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$server/status"; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
ticks_per_second=$(getconf CLK_TCK)

# The body a Lua script sends, for a check before the load.
lua_body() { sed -n "s/^wrk.body = '\(.*\)'$/\1/p; s/^    \.\. '\(.*\)'$/\1/p" "$1" | tr -d '\n'; }

# wrk's latency ("812.00us", "1.20ms", "2.01s") in milliseconds.
in_ms() {
    awk -v v="$1" 'BEGIN {
        n = v + 0
        if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n *= 60000; else if (v ~ /s$/) n *= 1000
        printf "%.2f", n }'
}

rows=()
svg_rps=
svg_cpu=
# measure LABEL PATH SCRIPT: one wrk run; a row of the table. A route that answers 404 (not there yet) is said so.
measure() {
    local label=$1 path=$2 script=scripts/bench/$3
    local status
    status=$(curl -s --max-time 10 -o "$work/check" -w '%{http_code}' -H 'Content-Type: application/json' \
        --data-binary "$(lua_body "$script")" "$base$path" || echo 000)
    if [[ $status != 200 ]]; then
        rows+=("$(printf '%-34s %s' "$label" "not measured: the route answered $status ($(head -c 120 "$work/check" | tr '\n' ' '))")")
        return
    fi
    local before after out
    before=$(cpu_ticks)
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 10s --latency -s "$script" "$base$path")
    after=$(cpu_ticks)
    echo "$out" >"$work/wrk-$3.txt"
    local rps p50 p99 non2xx errors cpu
    # Served a second counts 2xx answers only (scripts/bench/statuses.lua): a 503 or a 429 is no chart.
    rps=$(awk '/^served a second:/ { print $4 }' <<<"$out")
    p50=$(in_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
    p99=$(in_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
    non2xx=$(sed -n 's/.*not 2xx: \([0-9]*\);.*/\1/p' <<<"$out")
    errors=$(sed -n 's/.*socket errors: \([0-9]*\) .*/\1/p' <<<"$out")
    # The server's share of the two cores while wrk ran (user + system time over wall time).
    cpu=$(awk -v t=$((after - before)) -v hz="$ticks_per_second" -v s="$SECONDS_EACH" 'BEGIN { printf "%.2f", t / hz / s }')
    rows+=("$(printf '%-34s %9s %9s %9s %9s %8s' "$label" "$rps" "$p50" "$p99" "${non2xx:-0}/${errors:-0}" "$cpu")")
    if [[ $3 == wheel-svg.lua ]]; then svg_rps=$rps; svg_cpu=$cpu; fi
}

start_server
# One request of each kind first: the tables are read once per process.
for script in chart wheel-svg wheel-png western-chart-data; do
    path=/v1/chart; [[ $script == wheel-* ]] && path=/v1/wheel; [[ $script == western-chart-data ]] && path=/v1/western_chart_data
    curl -s --max-time 10 -o /dev/null -H 'Content-Type: application/json' \
        --data-binary "$(lua_body "scripts/bench/$script.lua")" "$base$path" || true
done
load=$(cut -d ' ' -f 1-3 /proc/loadavg)
measure "POST /v1/chart (a birth)" /v1/chart chart.lua
measure "POST /v1/wheel SVG 600 px" /v1/wheel wheel-svg.lua
measure "POST /v1/wheel PNG 600 px" /v1/wheel wheel-png.lua
measure "POST /v1/western_chart_data" /v1/western_chart_data western-chart-data.lua
stop_server

# The same SVG work in-process, on as many threads as the machine has cores, for as long, with nothing else of ours
# running: renders a second and the CPU seconds it took.
baseline=$("$BASELINE" --format svg --size 600 --threads "$(nproc)" --seconds "$SECONDS_EACH")
baseline_rps=$(sed -n 's/.*renders_per_second=\([0-9.]*\).*/\1/p' <<<"$baseline")
baseline_cpu=$(sed -n 's/.*cpu_share=\([0-9.]*\).*/\1/p' <<<"$baseline")
ratio="not measured (no SVG figure from the server)"
per_cpu=
if [[ -n $svg_rps ]]; then
    ratio=$(awk -v s="$svg_rps" -v b="$baseline_rps" 'BEGIN { printf "%.0f%%", 100 * s / b }')
    # Per CPU second: the server's SVG requests per second of its own CPU time against the library's renders per
    # CPU second. It leaves out what wrk takes from the shared cores.
    per_cpu=$(awk -v s="$svg_rps" -v sc="$svg_cpu" -v b="$baseline_rps" -v bc="$baseline_cpu" \
        'BEGIN { if (sc > 0 && bc > 0) printf "%.0f%%", 100 * (s / sc) / (b / bc); else print "n/a" }')
fi

# Resident memory over SOAK requests on a fresh server, sampled every fifth of them. Each fifth is counted exactly
# (hey -n) and bounded in time: 35% charts, 30% SVG wheels, 30% AstrologyAPI chart data, 5% PNG wheels.
start_server
samples=("$(printf '%-14s %8s' "start" "$(rss_mb)")")
part=$((SOAK / 5))
answered_total=0
soak_note=
for kind in chart:/v1/chart:35 wheel-svg:/v1/wheel:30 western-chart-data:/v1/western_chart_data:30 wheel-png:/v1/wheel:5; do
    lua_body "scripts/bench/${kind%%:*}.lua" >"$work/${kind%%:*}.json"
done
for i in 1 2 3 4 5; do
    for kind in chart:/v1/chart:35 wheel-svg:/v1/wheel:30 western-chart-data:/v1/western_chart_data:30 wheel-png:/v1/wheel:5; do
        IFS=: read -r name path share <<<"$kind"
        # hey sends a whole number of requests on each connection: the count rounded up to a multiple of them.
        count=$(((part * share / 100 + CONNECTIONS - 1) / CONNECTIONS * CONNECTIONS))
        out=$(timeout 120 hey -n "$count" -c "$CONNECTIONS" -t 10 -m POST -T application/json -D "$work/$name.json" "$base$path" || true)
        ok=$(awk '$1 == "[200]" { print $2 }' <<<"$out")
        answered_total=$((answered_total + ${ok:-0}))
        [[ ${ok:-0} == "$count" ]] || soak_note+=" part $i, $name: ${ok:-0} of $count answered 200;"
    done
    samples+=("$(printf '%-14s %8s' "$answered_total" "$(rss_mb)")")
done
stop_server

{
    echo "wheel serve on 127.0.0.1, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores shared by wrk and the server"
    echo "(wrk: $THREADS threads, $CONNECTIONS connections, ${SECONDS_EACH} s a request; load average before: $load)"
    echo
    printf '%-34s %9s %9s %9s %9s %8s\n' "request" "2xx/s" "p50 ms" "p99 ms" "non2xx/err" "srv CPU"
    printf '%s\n' "${rows[@]}"
    echo
    echo "in-process, the same SVG work (ServeBaseline, $(nproc) threads): $baseline_rps renders/s, CPU share $baseline_cpu"
    echo "server SVG throughput / in-process: $ratio (goal: at least 85%)${per_cpu:+; per CPU second: $per_cpu}"
    echo
    echo "resident memory (VmRSS) of a fresh server over $answered_total requests (hey, $CONNECTIONS connections; 35% charts, 30% SVG, 30% chart data, 5% PNG):"
    printf '%-14s %8s\n' "requests" "RSS MB"
    printf '%s\n' "${samples[@]}"
    if [[ -n $soak_note ]]; then echo "note:$soak_note"; fi
} | tee "$RESULT"
echo "bench-serve: written to $RESULT" >&2
