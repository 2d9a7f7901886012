#!/usr/bin/env bash
# Runs the official MCP conformance scenarios against the demo shop server (no token), offline.
# Starts the server on a free port, runs each scenario, always stops the server, and exits
# non-zero if any scenario fails.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CONFORMANCE="$ROOT/node_modules/.bin/conformance"   # local devDependency: no network needed
SCENARIOS=(server-initialize ping tools-list dns-rebinding-protection)

LOG="$(mktemp -t shop-conformance.XXXXXX)"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -f "$LOG"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# `node --import tsx` keeps the server a single process, so its PID is the one to stop.
node --import tsx src/mcp-server/main.ts shop-server --port 0 >"$LOG" 2>&1 &
SERVER_PID=$!

URL=""
for _ in $(seq 1 150); do
  URL="$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$LOG" | head -n 1 || true)"
  [[ -n "$URL" ]] && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$URL" ]]; then
  echo "conformance: shop server did not start" >&2
  cat "$LOG" >&2
  exit 1
fi
echo "conformance: shop server at $URL"

FAILED=()
for scenario in "${SCENARIOS[@]}"; do
  echo "=== $scenario"
  if ! "$CONFORMANCE" server --url "$URL" --scenario "$scenario"; then
    FAILED+=("$scenario")
  fi
done

if ((${#FAILED[@]} > 0)); then
  echo "conformance: FAILED: ${FAILED[*]}" >&2
  exit 1
fi
echo "conformance: all ${#SCENARIOS[@]} scenarios passed"
