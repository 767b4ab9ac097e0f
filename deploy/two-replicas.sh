#!/usr/bin/env bash
# Two `wheel serve` replicas and nginx in front of them, all on loopback, and the proof that the service keeps no
# state: a chart_url written by replica A is rendered by replica B, nginx balances the two, and a second GET of
# the URL through nginx comes from nginx's cache (X-Cache-Status: HIT).
#
#   deploy/two-replicas.sh            # uses .build/release/wheel (built if missing) and Debian's nginx
#   WHEEL=path/to/wheel NGINX=path/to/nginx deploy/two-replicas.sh
#
# Needs nginx (apt-get install nginx), curl and jq. Everything it starts runs from a temporary directory on free
# loopback ports and is stopped when it ends, however it ends; it changes nothing outside that directory. The
# whole run is bounded (TWO_REPLICAS_TIMEOUT seconds, 120 by default; each HTTP call 10 s). Exit status 0 when
# every step held, 1 when one failed, 2 when something needed is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

WHEEL=${WHEEL:-.build/release/wheel}
NGINX=${NGINX:-nginx}

for tool in curl jq "$NGINX"; do
    command -v "$tool" >/dev/null || { echo "two-replicas: $tool is needed (apt-get install nginx curl jq)" >&2; exit 2; }
done
if [[ ! -x $WHEEL ]]; then
    echo "two-replicas: building $WHEEL (swift build -c release --product wheel)" >&2
    swift build -c release --product wheel >&2
fi
# The run after the build under coreutils' timeout: past LIMIT it gets SIGTERM, and the trap below stops what it
# started.
LIMIT=${TWO_REPLICAS_TIMEOUT:-120}
if [[ -z ${TWO_REPLICAS_BOUNDED:-} ]]; then
    TWO_REPLICAS_BOUNDED=1 exec timeout --kill-after=30 "$LIMIT" "$PWD/deploy/two-replicas.sh" "$@"
fi

work=$(mktemp -d -t wheel-two-replicas.XXXXXX)
secret_dir=$(mktemp -d -t wheel-secret.XXXXXX)
pids=()

stop_all() {
    local status=$?
    trap - EXIT INT TERM
    # SIGTERM first: the replicas finish what is in flight (their shutdown grace) and nginx quits; then SIGKILL.
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for _ in $(seq 1 60); do
        local alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [[ $alive == 0 ]] && break
        sleep 0.25
    done
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work" "$secret_dir"
    exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'echo "two-replicas: stopped (over ${LIMIT} s, or TERM)" >&2; exit 124' TERM

step() { printf '  %-58s' "$1"; }
ok() { echo "ok${1:+  ($1)}"; }
fail() {
    echo "FAILED: $1"
    for log in "$work"/*.log "$work"/nginx/logs/error.log; do
        [[ -s $log ]] && { echo "--- last lines of $(basename "$log")"; tail -n 5 "$log"; }
    done
    exit 1
}

# free_port and start_nginx (the replicas take port 0 and say theirs; nginx needs one named).
source deploy/fleet.sh

# One signing key for both replicas, in a file only this user can read; never printed.
secret=$secret_dir/url-secret
(umask 077; head -c 48 /dev/urandom | base64 >"$secret")

nginx_port=$(free_port) || exit 1
public=http://127.0.0.1:$nginx_port

# start_replica NAME: starts `wheel serve` on a free loopback port; sets port_NAME.
start_replica() {
    local name=$1 log=$work/$1.log
    "$WHEEL" serve --host 127.0.0.1 --port 0 --url-secret-file "$secret" --public-url "$public" \
        --trusted-proxies 127.0.0.1 >"$log" 2>&1 &
    pids+=($!)
    local port=
    for _ in $(seq 1 120); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -n 1)
        [[ -n $port ]] && break
        kill -0 "${pids[-1]}" 2>/dev/null || break
        sleep 0.25
    done
    [[ -n $port ]] || fail "replica $name did not start"
    printf -v "port_$name" '%s' "$port"
}

echo "two-replicas: two wheel serve replicas and nginx on 127.0.0.1"
step "replica A started"; start_replica A; ok "port $port_A"
step "replica B started"; start_replica B; ok "port $port_B"

step "nginx started, its configuration accepted (nginx -t)"
start_nginx "$nginx_port" "$port_A" "$port_B" 2>"$work/nginx-start.log" || fail "$(cat "$work/nginx-start.log")"
ok "$public"

# get URL OUT: GET with headers in OUT.headers and the body in OUT; prints the status.
get() { curl -s --max-time 10 -D "$2.headers" -o "$2" -w '%{http_code}' "$1" || echo 000; }
header() { sed -n "s/^$1: *//Ip" "$2.headers" | tr -d '\r' | head -n 1; }

step "nginx balances: /healthz answered by both replicas"
seen=
for i in 1 2 3 4; do
    [[ $(get "$public/healthz" "$work/h$i") == 200 ]] || fail "GET /healthz through nginx: not 200"
    seen+="$(header X-Upstream "$work/h$i")"$'\n'
done
upstreams=$(sort -u <<<"${seen%$'\n'}" | tr '\n' ' ')
grep -q ":$port_A" <<<"$upstreams" && grep -q ":$port_B" <<<"$upstreams" || fail "only $upstreams answered"
ok "$upstreams"
step "/healthz through nginx is not cached"
[[ $(header X-Cache-Status "$work/h1") == BYPASS ]] || fail "/healthz was not bypassed by the cache"
ok "X-Cache-Status: BYPASS"

# A chart_url made by replica A, called directly.
birth='{"day":15,"month":5,"year":1990,"hour":10,"min":30,"lat":40.7128,"lon":-74.006,"tzone":-4.0}'
step "replica A writes a chart_url (POST /v1/natal_wheel_chart)"
status=$(curl -s --max-time 10 -o "$work/made.json" -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "$birth" "http://127.0.0.1:$port_A/v1/natal_wheel_chart" || echo 000)
[[ $status == 200 ]] || fail "status $status: $(head -c 300 "$work/made.json" 2>/dev/null)"
chart_url=$(jq -r '.chart_url // empty' "$work/made.json")
[[ $(jq -r '.status' "$work/made.json") == true && $chart_url == "$public/"* ]] \
    || fail "no chart_url under $public in $(head -c 300 "$work/made.json")"
ok "${chart_url:0:60}…"

# The same URL, sent to replica B directly: B never saw the request that made it.
at_B=http://127.0.0.1:$port_B${chart_url#"$public"}
step "replica B renders it (GET on B's port)"
status=$(get "$at_B" "$work/from-B")
[[ $status == 200 ]] || fail "status $status from replica B: $(head -c 300 "$work/from-B")"
type=$(header Content-Type "$work/from-B")
etag=$(header ETag "$work/from-B")
cache_control=$(header Cache-Control "$work/from-B")
[[ $type == image/* && -n $etag && -n $cache_control ]] \
    || fail "Content-Type '$type', ETag '$etag', Cache-Control '$cache_control'"
ok "$type, $(wc -c <"$work/from-B") bytes, ETag $etag, Cache-Control: $cache_control"

step "first GET through nginx: rendered by a replica"
status=$(get "$chart_url" "$work/first")
[[ $status == 200 ]] || fail "status $status through nginx"
first=$(header X-Cache-Status "$work/first")
[[ $first == MISS ]] || fail "X-Cache-Status '$first', not MISS"
ok "X-Cache-Status: MISS, from $(header X-Upstream "$work/first")"

step "second GET through nginx: from nginx's cache"
status=$(get "$chart_url" "$work/second")
[[ $status == 200 ]] || fail "status $status through nginx"
second=$(header X-Cache-Status "$work/second")
[[ $second == HIT ]] || fail "X-Cache-Status '$second', not HIT"
ok "X-Cache-Status: HIT"

step "the three answers are the same image, byte for byte"
cmp -s "$work/from-B" "$work/first" && cmp -s "$work/first" "$work/second" || fail "the images differ"
ok "sha256 $(sha256sum <"$work/second" | cut -c 1-16)…"

# A URL whose signature is changed (its token is PAYLOAD.EXPIRY.MAC.FORMAT) is refused by whichever replica gets
# it, and is not served from the cache.
unsigned=${chart_url%.*.*}
rest=${chart_url#"$unsigned".}
mac=${rest%%.*}
[[ ${mac:0:1} == A ]] && changed=B || changed=A
tampered=$unsigned.$changed${mac:1}.${rest#*.}
step "a tampered chart_url through nginx: refused"
status=$(get "$tampered" "$work/tampered")
[[ $status == 403 ]] || fail "status $status, not 403"
ok "403, X-Cache-Status: $(header X-Cache-Status "$work/tampered")"

# What a Kubernetes pod's stop is: SIGTERM, then the replica finishes what is in flight and exits 0.
step "replicas stop on SIGTERM: exit 0"
replica_pids=("${pids[0]}" "${pids[1]}")
kill -TERM "${replica_pids[@]}"
statuses=
for pid in "${replica_pids[@]}"; do
    wait "$pid" && statuses+="0 " || statuses+="$? "
done
pids=("${pids[@]:2}")
[[ $statuses == "0 0 " ]] || fail "exit statuses $statuses"
ok "both exited 0"

echo "two-replicas: every step held; stopping nginx"
