#!/usr/bin/env bash
# npm test: every check, leg by leg (docs/development.md, "Test legs"; which test files run in which
# leg: vitest.config.ts). Fails, never skips, when a dependency is missing, and stops at the first
# leg that fails. Prints a `time:` line as each leg ends, a table of every leg's time at the end (also
# after a failure), then the closing line `tests: N passed, N failed`.
#   format, lint, typecheck, build   the production build is what the HTTP, process and browser tests use
#   vitest-unit          unit tests, once
#   vitest-pglite        on embedded PGlite: the database layer, *.pglite.test.ts, *.process.test.ts
#   vitest-postgres      on Debian's PostgreSQL (TEST_POSTGRES_URL, or a throwaway server started
#                        here): the database layer and *.postgres.test.ts
#   vitest-embedded-pg   on the embedded PostgreSQL's own binaries (PostgreSQL 18 from npm, what
#                        `npm start` runs), on a throwaway server of their own: every integration file
#   playwright           browser tests in Debian's Chromium against the production server as
#                        `npm start` runs it (the embedded PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
legs=()
cleanups=()

# leg NAME COMMAND…: runs one leg, prints and records its time, and fails as the command does.
leg() {
  local name=$1 start=$SECONDS status=0
  shift
  echo
  echo "=== $name"
  "$@" || status=$?
  local seconds=$((SECONDS - start))
  legs+=("$name $seconds $([ $status = 0 ] && echo ok || echo "failed ($status)")")
  echo "time: $name $seconds s"
  return $status
}

print_leg_times() {
  [ ${#legs[@]} -gt 0 ] || return 0
  local total=0 name seconds result
  echo
  echo "Leg times:"
  for row in "${legs[@]}"; do
    read -r name seconds result <<<"$row"
    printf '  %-20s %5s s  %s\n' "$name" "$seconds" "$result"
    total=$((total + seconds))
  done
  printf '  %-20s %5s s\n' total "$total"
}

finish() {
  local status=$?
  for cleanup in "${cleanups[@]}"; do "$cleanup" || true; done
  print_leg_times
  exit $status
}
trap finish EXIT

# run_vitest NAME WORKERS [ARG…]: Vitest running WORKERS test files at a time, with the default
# reporter and a JSON report for the closing summary. Vitest's default on 2 cores is one file at a
# time, which left about a core idle: a file mostly waits on its database and server processes
# (docs/development.md, "Test legs"). If the PGlite leg's timed process tests turn flaky on a busy
# machine, give that leg 1.
run_vitest() {
  local name=$1 workers=$2
  shift 2
  npx vitest run "$@" --maxWorkers="$workers" --reporter=default --reporter=json --outputFile.json="$results/$name.json"
}

leg format npm run format:check
leg lint npm run lint
leg typecheck npm run typecheck
leg build npm run build

leg vitest-unit run_vitest vitest-unit 2 --project unit
TEST_SCOPE=database-layer leg vitest-pglite run_vitest vitest-pglite 2 --project integration

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  TEST_POSTGRES_URL=$(scripts/pg-throwaway.sh start "${TEST_PG_DIR:-/tmp/ic-test-pg}" "${TEST_PG_PORT:-54329}")
  echo "Started a throwaway PostgreSQL for the tests: $TEST_POSTGRES_URL"
fi
TEST_DATABASE=postgres TEST_POSTGRES_URL="$TEST_POSTGRES_URL" TEST_SCOPE=database-layer \
  leg vitest-postgres run_vitest vitest-postgres 2 --project integration

embedded_bin=$(node -e 'import(`@embedded-postgres/${process.platform}-${process.arch}`).then((m) => console.log(require("node:path").dirname(m.postgres)))')
embedded_dir=$(mktemp -d /tmp/ic-test-embedded-pg.XXXXXX)
embedded_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
stop_embedded() { PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh stop "$embedded_dir"; rm -rf "$embedded_dir"; }
cleanups+=(stop_embedded)
embedded_url=$(PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh start "$embedded_dir" "$embedded_port")
echo "Started the embedded PostgreSQL's binaries for the tests: $embedded_url"
TEST_DATABASE=postgres TEST_POSTGRES_URL="$embedded_url" \
  leg vitest-embedded-pg run_vitest vitest-embedded-pg 2 --project integration
stop_embedded
cleanups=()

[ -x /usr/bin/chromium ] || { echo "Debian's Chromium is missing (apt-get install -y chromium)" >&2; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" leg playwright npx playwright test --reporter=list,json

print_leg_times
legs=()
node scripts/test-summary.mjs "$results"
