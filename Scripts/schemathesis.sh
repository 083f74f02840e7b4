#!/usr/bin/env bash
# Runs schemathesis (PyPI) against a throw-away `glint serve`: every operation in /openapi.yaml with
# EXAMPLES generated cases each (12 operations x 100 = about 1,200 cases), checking that no response
# is a 5xx and that every status code, content type, header and body matches the document.
# Usage: Scripts/schemathesis.sh [GLINT]   (`make api-check`)
set -euo pipefail
cd "$(dirname "$0")/.."
GLINT=${1:-.build/${CONFIGURATION:-release}/glint}
PORT=${PORT:-18490}
EXAMPLES=${EXAMPLES:-100}
SEED=${SEED:-1}
[ -x "$GLINT" ] || { echo "schemathesis.sh: $GLINT not built" >&2; exit 1; }
command -v schemathesis >/dev/null || python3 -m pip install --quiet schemathesis
work=$(mktemp -d "${TMPDIR:-/tmp}/glint-schemathesis.XXXXXX")
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

key=$("$GLINT" keys create --tenant schemathesis --data-dir "$work/data" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
"$GLINT" serve --port "$PORT" --data-dir "$work/data" --workers 1 --max-upload-bytes 1048576 > "$work/serve.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$PORT/health/ready" >/dev/null || { echo "schemathesis.sh: glint serve did not start" >&2; cat "$work/serve.log" >&2; exit 1; }

status=0
schemathesis run "http://127.0.0.1:$PORT/openapi.yaml" \
  --header "Authorization: Bearer $key" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --max-examples "$EXAMPLES" --seed "$SEED" --request-timeout 30 --continue-on-failure \
  --report junit --report-dir "$work/report" || status=$?
if grep -E ' 5[0-9][0-9] |panic|Fatal error' "$work/serve.log" >/dev/null; then
  echo "schemathesis.sh: the server log shows a 5xx or a crash:" >&2
  grep -E ' 5[0-9][0-9] |panic|Fatal error' "$work/serve.log" | head -20 >&2
  status=1
fi
exit "$status"
