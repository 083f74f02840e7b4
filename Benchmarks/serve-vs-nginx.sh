#!/usr/bin/env bash
# `glint serve` against nginx on loopback, in one run (`make bench-serve`):
#   - a 3 MB job output (GET /v1/jobs/{id}/outputs/{name}, with its API key: the Live badge on the
#     iPhone still from ../shared/fixtures) against nginx serving the
#     same file from the blob store, both driven by wrk with the same threads and connections; prints
#     requests/s for both and Glint's ratio (goal: at least 0.5);
#   - job submission (POST /v1/jobs) latency at a steady 200 requests/s for 10 s with the embedded
#     workers running the jobs (goal: p99 under 10 ms).
set -euo pipefail
cd "$(dirname "$0")/.."

GLINT=${GLINT:-.build/release/glint}
PORT=${PORT:-18480}
NGINX_PORT=${NGINX_PORT:-18481}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
DURATION=${DURATION:-10s}
RATE=${RATE:-200}
SECONDS_STEADY=${SECONDS_STEADY:-10}
ROUNDS=${ROUNDS:-2}
[ -x "$GLINT" ] || { echo "serve-vs-nginx: $GLINT not built (make build)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "serve-vs-nginx: wrk is missing (apt-get install wrk)" >&2; exit 1; }
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "serve-vs-nginx: nginx is missing (apt-get install nginx)" >&2; exit 1; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

work=$(mktemp -d "${TMPDIR:-/tmp}/glint-bench-serve.XXXXXX")
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [ -f "$work/nginx/nginx.pid" ] && "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

data="$work/data"
key=$("$GLINT" keys create --tenant bench --name bench --data-dir "$data" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
"$GLINT" serve --port "$PORT" --data-dir "$data" --workers 2 --enable-test-kinds > "$work/serve.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null || { echo "serve-vs-nginx: glint serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }
auth="Authorization: Bearer $key"

# A real output of about 3 MB: the Live badge on the iPhone still (../shared/fixtures, 3.4 MB JPEG),
# uploaded and run as a badge.apply job by the server's embedded worker.
still=${STILL:-../shared/fixtures/livephoto-iphone6s/IMG_train.jpg}
[ -f "$still" ] || { echo "serve-vs-nginx: $still not found (the shared fixtures)" >&2; exit 1; }
blob_in=$(curl -fs -H "$auth" --data-binary "@$still" "http://127.0.0.1:$PORT/v1/blobs" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
job=$(curl -fs -H "$auth" -H 'Content-Type: application/json' \
  --data "{\"kind\": \"badge.apply\", \"params\": {\"kind\": \"live\"}, \"inputs\": {\"image\": \"$blob_in\"}}" \
  "http://127.0.0.1:$PORT/v1/jobs" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for _ in $(seq 600); do
  state=$(curl -fs -H "$auth" "http://127.0.0.1:$PORT/v1/jobs/$job" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
  case "$state" in completed|discarded|cancelled) break;; esac; sleep 0.1
done
[ "$state" = completed ] || { echo "serve-vs-nginx: the job did not complete ($state)" >&2; exit 1; }
output="/v1/jobs/$job/outputs/image"
blob=$(curl -fs -H "$auth" "http://127.0.0.1:$PORT/v1/jobs/$job" | python3 -c 'import json,sys; print(json.load(sys.stdin)["outputs"]["image"]["blob"])')
file="$data/blobs/${blob:0:2}/${blob:2:2}/$blob"
[ -f "$file" ] || { echo "serve-vs-nginx: blob file $file not found" >&2; exit 1; }
size=$(stat -c %s "$file")

mkdir -p "$work/nginx/logs" "$work/nginx/www"
ln "$file" "$work/nginx/www/output" 2>/dev/null || cp "$file" "$work/nginx/www/output"
# nginx's workers drop to an unprivileged user unless told otherwise, and could not read the
# temporary directory (0700); as root, keep them root like the glint process they are compared with.
user_line=""; [ "$(id -u)" = 0 ] && user_line="user root;"
cat > "$work/nginx/nginx.conf" <<CONF
$user_line
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $work/nginx/www;
    location / { default_type application/octet-stream; etag on; }
  }
}
CONF
"$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf"
for _ in $(seq 50); do curl -fs -o /dev/null "http://127.0.0.1:$NGINX_PORT/output" && break; sleep 0.1; done
cmp <(curl -fs "http://127.0.0.1:$NGINX_PORT/output") "$file" || { echo "serve-vs-nginx: nginx does not serve the file" >&2; exit 1; }
cmp <(curl -fs -H "$auth" "http://127.0.0.1:$PORT$output") "$file" || { echo "serve-vs-nginx: glint does not serve the file" >&2; exit 1; }

# Requests/s from wrk, refusing a run where any response was not a 2xx (a 403 or 404 is fast and
# would look like a win).
rps() {
  local out; out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$@")
  if grep -q 'Non-2xx' <<<"$out"; then echo "serve-vs-nginx: non-2xx responses from $*:" >&2; echo "$out" >&2; exit 1; fi
  awk '/Requests\/sec/ {print $2}' <<<"$out"
}
echo "$(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg); output $size bytes; wrk -t$THREADS -c$CONNECTIONS -d$DURATION, best of $ROUNDS"
glint_best=0 nginx_best=0
for round in $(seq "$ROUNDS"); do
  g=$(rps -H "$auth" "http://127.0.0.1:$PORT$output")
  n=$(rps "http://127.0.0.1:$NGINX_PORT/output")
  echo "  round $round: glint $g/s, nginx $n/s"
  glint_best=$(python3 -c "print(max($glint_best, $g))") nginx_best=$(python3 -c "print(max($nginx_best, $n))")
done
printf '\n%-36s %12s %12s %8s\n' "GET a $size-byte output" "Glint" "nginx" "ratio"
printf '%-36s %12.0f %12.0f %8s\n' "requests/s" "$glint_best" "$nginx_best" "$(python3 -c "print(f'{$glint_best / $nginx_best:.2f}')")"

latency=$(python3 Benchmarks/serve_submit_latency.py "http://127.0.0.1:$PORT" "$key" "$RATE" "$SECONDS_STEADY")
field() { python3 -c "import json,sys; v=json.loads(sys.argv[1])[sys.argv[2]]; print(round(v, 2) if isinstance(v, float) else v)" "$latency" "$1"; }
printf '\n%-36s %12s\n' "POST /v1/jobs at $RATE/s for ${SECONDS_STEADY}s" "Glint"
printf '%-36s %12s\n' "p50 (ms)" "$(field p50_ms)" "p99 (ms)" "$(field p99_ms)" "max (ms)" "$(field max_ms)" \
  "accepted / sent" "$(field accepted)/$(field requests)" "errors" "$(field errors)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
