# Sourced by deploy/two-replicas.sh and deploy/faults.sh: what both need to run a fleet on loopback. Expects $work
# (a temporary directory) and $NGINX, and appends the processes it starts to the array `pids`.

# A loopback port nobody listens on, below the kernel's ephemeral ports (32768 and up): a replica may start again
# on its port while wrk and nginx open connections, and one of those may hold any port of that range.
free_port() {
    local port
    for _ in $(seq 1 50); do
        port=$((10000 + RANDOM % 20000))
        ss -Htln "sport = :$port" | grep -q . || { echo "$port"; return; }
    done
    echo "no free port found" >&2
    return 1
}

# start_nginx PORT REPLICA_PORT_1 REPLICA_PORT_2: deploy/nginx.conf with its three addresses replaced, from a
# private prefix under $work/nginx, once `nginx -t` accepts it; returns when it answers /healthz.
start_nginx() {
    mkdir -p "$work/nginx/logs" "$work/nginx/tmp" "$work/nginx/cache"
    sed -e "s/127\.0\.0\.1:8080/127.0.0.1:$1/" -e "s/127\.0\.0\.1:8081/127.0.0.1:$2/" \
        -e "s/127\.0\.0\.1:8082/127.0.0.1:$3/" deploy/nginx.conf >"$work/nginx/nginx.conf"
    if [[ $(id -u) == 0 ]]; then
        # As root nginx's workers run as nobody: they must reach the cache and temporary directories.
        chmod 755 "$work" "$work/nginx"
        chown -R nobody "$work/nginx/tmp" "$work/nginx/cache"
    fi
    "$NGINX" -t -q -p "$work/nginx/" -e "$work/nginx/logs/error.log" -c "$work/nginx/nginx.conf" 2>"$work/nginx-t.log" \
        || { cat "$work/nginx-t.log" >&2; return 1; }
    "$NGINX" -p "$work/nginx/" -e "$work/nginx/logs/error.log" -c "$work/nginx/nginx.conf" -g 'daemon off;' 2>"$work/nginx.log" &
    pids+=($!)
    for _ in $(seq 1 40); do
        curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$1/healthz" && return
        sleep 0.25
    done
}
