#!/usr/bin/env bash
# A newcomer on Node 22 LTS: a fresh clone of this commit, `npm ci && npm start` on Node 22, then
# /api/health, a sign-in and the website must answer. Runs in its own folder, so the Node 24 install stays as it was.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=${SMOKE_PORT:-3299}
password='a node 22 smoke test password'
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

git clone --quiet "$repo" "$work/bursary" || exit 1
cd "$work/bursary" || exit 1
# shellcheck source=/dev/null
NODE_MAJOR=22 source .ci/use-node.sh || exit 1
echo "node $(node --version)"
npm ci --no-audit --no-fund --loglevel=error || exit 1
DATA_DIR="$work/data" PORT=$port ADMIN_USERNAME=admin ADMIN_PASSWORD="$password" LOG_FORMAT=json npm start >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 240); do
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
health=$(curl -fs "http://127.0.0.1:$port/api/health") || { echo "no health answer"; tail -20 "$work/server.log"; exit 1; }
echo "health: $health"
echo "$health" | grep -q '"status":"ok"' || exit 1
login=$(curl -fs -X POST -H 'content-type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$password\"}" "http://127.0.0.1:$port/api/login") || { echo "sign-in failed"; exit 1; }
echo "$login" | grep -q '"token"' || { echo "sign-in answered no token"; exit 1; }
# the fund's website, started beside the API on PORT + 1
code=000
for _ in $(seq 1 60); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((port + 1))/")
  [ "$code" = 200 ] && break
  sleep 0.5
done
[ "$code" = 200 ] || { echo "the website answered $code"; tail -20 "$work/server.log"; exit 1; }
echo "Node 22: npm ci, npm start, health, sign-in and the website all answered"
