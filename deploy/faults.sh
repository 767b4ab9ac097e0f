#!/usr/bin/env bash
# Two `wheel serve` replicas behind deploy/nginx.conf, under load from wrk, while the replicas die and restart:
# one killed (SIGKILL) and started again, then a rolling restart (each stopped with SIGTERM, as Kubernetes stops a
# pod, and started again, one after the other). wrk posts /v1/western_chart_data through nginx all along and
# counts every answer by its status (deploy/faults.lua); the run passes only when every answer was a 2xx and no
# connection failed.
#
#   deploy/faults.sh                   # 30 s of load at 32 connections, on loopback
#   FAULTS_SECONDS=60 FAULTS_CONNECTIONS=64 deploy/faults.sh
#
# Needs nginx, wrk and curl (apt-get install nginx wrk curl). Everything runs on free loopback ports from a
# temporary directory and is stopped when the script ends, however it ends; the whole run is bounded (the load's
# seconds plus 90). Exit status 0 when nothing was lost, 1 when something was, 2 when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

WHEEL=${WHEEL:-.build/release/wheel}
NGINX=${NGINX:-nginx}
SECONDS_OF_LOAD=${FAULTS_SECONDS:-30}
CONNECTIONS=${FAULTS_CONNECTIONS:-32}

for tool in curl wrk "$NGINX"; do
    command -v "$tool" >/dev/null || { echo "faults: $tool is needed (apt-get install nginx wrk curl)" >&2; exit 2; }
done
[[ -x $WHEEL ]] || { echo "faults: no $WHEEL (swift build -c release --product wheel)" >&2; exit 2; }
if [[ -z ${FAULTS_BOUNDED:-} ]]; then
    FAULTS_BOUNDED=1 exec timeout --kill-after=20 $((SECONDS_OF_LOAD + 90)) "$PWD/deploy/faults.sh" "$@"
fi

work=$(mktemp -d -t wheel-faults.XXXXXX)
declare -A replica_pid
pids=()  # nginx and wrk

stop_all() {
    local status=$?
    trap - EXIT INT TERM
    for pid in "${replica_pid[@]}" "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    sleep 1
    for pid in "${replica_pid[@]}" "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
    exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'echo "faults: stopped (over its time, or TERM)" >&2; exit 124' TERM

source deploy/fleet.sh  # free_port, start_nginx
say() { printf 'faults: %6.1f s  %s\n' "$(awk "BEGIN { print $(date +%s.%N) - $started }")" "$1"; }

secret=$work/url-secret
(umask 077; head -c 48 /dev/urandom | base64 >"$secret")
declare -A port=([A]=$(free_port) [B]=$(free_port))
nginx_port=$(free_port)

# start NAME: a replica on its own port, as the nginx configuration names it; returns once it answers /healthz.
# The rate limit is lifted (20 a second a client by default): this run measures the fleet, not the limit.
start() {
    "$WHEEL" serve --host 127.0.0.1 --port "${port[$1]}" --url-secret-file "$secret" \
        --public-url "http://127.0.0.1:$nginx_port" --trusted-proxies 127.0.0.1 --rate 100000 --burst 1000000 \
        >>"$work/$1.log" 2>&1 &
    replica_pid[$1]=$!
    for _ in $(seq 1 200); do
        curl -s -o /dev/null --max-time 1 "http://127.0.0.1:${port[$1]}/healthz" && return
        sleep 0.05
    done
    echo "faults: replica $1 did not start" >&2; tail -n 5 "$work/$1.log" >&2; exit 1
}

# stop NAME SIGNAL: SIGKILL, or SIGTERM and wait for the replica's graceful exit.
stop() {
    kill "-$2" "${replica_pid[$1]}"
    wait "${replica_pid[$1]}" 2>/dev/null || true
}

started=$(date +%s.%N)
start A
start B
start_nginx "$nginx_port" "${port[A]}" "${port[B]}" || { echo "faults: nginx did not start" >&2; exit 1; }
say "replicas on ${port[A]} and ${port[B]}, nginx on $nginx_port; wrk: $CONNECTIONS connections for $SECONDS_OF_LOAD s"

wrk -t 2 -c "$CONNECTIONS" -d "${SECONDS_OF_LOAD}s" -s deploy/faults.lua "http://127.0.0.1:$nginx_port/v1/western_chart_data" \
    >"$work/wrk.txt" 2>&1 &
load=$!
pids+=($load)

# The faults, spread over the load, each after the fleet is whole again and nginx's fail timeout (2 s) is over.
step=$(awk "BEGIN { print $SECONDS_OF_LOAD / 5 }")
sleep "$step"
say "SIGKILL replica A"; stop A KILL
say "replica A starting again"; start A; say "replica A answers"
sleep "$step"
say "rolling restart: SIGTERM replica B"; stop B TERM; say "replica B exited"
start B; say "replica B answers"
sleep 2.5
say "rolling restart: SIGTERM replica A"; stop A TERM; say "replica A exited"
start A; say "replica A answers"

wait "$load" || true
say "load over"
grep -E "Requests/sec|Latency|answers:|served|Socket errors" "$work/wrk.txt" | sed 's/^/  /'
summary=$(grep '^served (2xx):' "$work/wrk.txt" || true)
[[ -n $summary ]] || { echo "faults: wrk said nothing"; cat "$work/wrk.txt"; exit 1; }
lost=$(sed -E 's/.*not 2xx: ([0-9]+); socket errors: ([0-9]+).*/\1 \2/' <<<"$summary")
# The tries nginx had to make again elsewhere (a killed replica's connections, say): absorbed, but counted.
retried=$(grep -cE "while (connecting to|reading response header from) upstream" "$work/nginx/logs/error.log" || true)
echo "  tries nginx made again on the other replica: $retried"
grep -oE "\] [0-9]+#[0-9]+: \*[0-9]+ [^,]*" "$work/nginx/logs/error.log" | sed -E 's/.*: \*[0-9]+ //' | sort | uniq -c | sed 's/^/    /' || true
if [[ $lost == "0 0" ]]; then
    echo "faults: ok: every request answered 2xx through a SIGKILL and a rolling restart"
else
    echo "faults: FAILED: $summary"
    grep -E "error|upstream" "$work/nginx/logs/error.log" | tail -n 5 | sed 's/^/  nginx: /'
    exit 1
fi
