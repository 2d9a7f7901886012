#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, a devDependency: offline):
#  - the server scenarios against the demo shop server (no token), started on a free port;
#  - every client scenario the suite lists (`conformance list --client`) against scripts/conformance-client.ts,
#    which drives Switchboard's own connection manager, transport factory, OAuth provider and token store.
# Fails on any server failure, on any client failure not in EXPECTED_CLIENT_FAILURES, and on an expected
# failure that now passes (the list must shrink with the code).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CONFORMANCE="$ROOT/node_modules/.bin/conformance"   # local devDependency: no network needed
SERVER_SCENARIOS=(server-initialize ping tools-list dns-rebinding-protection)
# Client scenarios allowed to fail, each with why. Keep this list explicit and short.
declare -A EXPECTED_CLIENT_FAILURES=()
CLIENT_COMMAND="node --import tsx scripts/conformance-client.ts"

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
node --import tsx src/mcp-server/main.ts shop-server --port 0 --no-token >"$LOG" 2>&1 &
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
for scenario in "${SERVER_SCENARIOS[@]}"; do
  echo "=== server: $scenario"
  if ! "$CONFORMANCE" server --url "$URL" --scenario "$scenario"; then
    FAILED+=("server:$scenario")
  fi
done
cleanup
SERVER_PID=""

mapfile -t CLIENT_SCENARIOS < <("$CONFORMANCE" list --client | sed -n 's/^  - //p')
if ((${#CLIENT_SCENARIOS[@]} == 0)); then
  echo "conformance: the suite listed no client scenarios" >&2
  exit 1
fi
CLIENT_PASSED=0
EXPECTED_FAILED=()
for scenario in "${CLIENT_SCENARIOS[@]}"; do
  echo "=== client: $scenario"
  if "$CONFORMANCE" client --command "$CLIENT_COMMAND" --scenario "$scenario" --timeout 60000; then
    CLIENT_PASSED=$((CLIENT_PASSED + 1))
    if [[ -n "${EXPECTED_CLIENT_FAILURES[$scenario]+set}" ]]; then
      echo "conformance: $scenario is listed as an expected failure but passed: remove it from EXPECTED_CLIENT_FAILURES" >&2
      FAILED+=("client:$scenario (now passes)")
    fi
  elif [[ -n "${EXPECTED_CLIENT_FAILURES[$scenario]+set}" ]]; then
    echo "conformance: $scenario failed as expected: ${EXPECTED_CLIENT_FAILURES[$scenario]}"
    EXPECTED_FAILED+=("$scenario")
  else
    FAILED+=("client:$scenario")
  fi
done
for scenario in "${!EXPECTED_CLIENT_FAILURES[@]}"; do
  if [[ ! " ${CLIENT_SCENARIOS[*]} " == *" $scenario "* ]]; then
    echo "conformance: expected failure $scenario is not a scenario of this suite version" >&2
    FAILED+=("client:$scenario (unknown)")
  fi
done

echo "conformance: server ${#SERVER_SCENARIOS[@]} scenarios; client ${CLIENT_PASSED}/${#CLIENT_SCENARIOS[@]} passed, ${#EXPECTED_FAILED[@]} expected failure(s)${EXPECTED_FAILED[*]:+: ${EXPECTED_FAILED[*]}}"
if ((${#FAILED[@]} > 0)); then
  echo "conformance: FAILED: ${FAILED[*]}" >&2
  exit 1
fi
echo "conformance: all passed"
