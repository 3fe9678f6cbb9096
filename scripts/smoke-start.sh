#!/usr/bin/env bash
# Starts the server the way the README's quick start does (fresh embedded PostgreSQL), checks that
# it answers with the shipped sets, then stops it with SIGTERM and checks it exits cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d "${TMPDIR:-/tmp}/podium-smoke.XXXXXX")
chmod 755 "$dir" # as root the embedded PostgreSQL runs as user postgres, who must enter it
log="$dir/server.log"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
EMBEDDED_PG_DIR="$dir/pg" PORT=$port node dist/main.js >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 $pid 2>/dev/null; then echo "server exited during start-up:"; cat "$log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/api/health"; echo
sets=$(curl -fsS "http://127.0.0.1:$port/api/sets")
for code in HOA MOL S1; do
  grep -q "\"code\":\"$code\"" <<<"$sets" || { echo "shipped set $code missing: $sets"; exit 1; }
done
grep -q "Podium is running. Open http://127.0.0.1:$port" "$log" || { echo "start-up banner missing:"; cat "$log"; exit 1; }
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "the web app is not served at /"; exit 1; }
curl -fsS -X POST -H 'content-type: application/json' -d '{"count":1,"seed":"smoke"}' "http://127.0.0.1:$port/api/sets/HOA/boosters" >/dev/null
kill -TERM $pid
status=0
wait $pid || status=$?
trap - EXIT
[ $status -eq 0 ] || { echo "server exit status $status"; cat "$log"; exit 1; }
echo "smoke: server started on a fresh embedded PostgreSQL, served the shipped sets and stopped cleanly"
rm -rf "$dir"
