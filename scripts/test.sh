#!/usr/bin/env bash
# npm test: every check, leg by leg (docs/development.md, "Test legs"; which test files run in which
# leg: vitest.config.ts). Fails, never skips, when a dependency is missing, and stops at the first
# leg that fails. Prints a `time:` line as each leg ends, a table of every leg's time at the end (also
# after a failure), then the closing line `tests: N passed, N failed`.
#   format, lint, typecheck, build   the production build is what the HTTP, process and browser tests use
#   vitest-unit          unit tests, once (lint runs beside format, typecheck, build and vitest-unit)
#   vitest-pglite        on embedded PGlite: the database layer and *.pglite.test.ts (from the build on,
#                        beside the end of lint, then beside vitest-postgres)
#   vitest-postgres      on Debian's PostgreSQL (TEST_POSTGRES_URL, or a throwaway server started
#                        here): every integration file and *.postgres.test.ts (beside vitest-pglite)
#   vitest-embedded-pg   on the embedded PostgreSQL's own binaries (PostgreSQL 18 from npm, what
#                        `npm start` runs), on a throwaway server of their own: app/db/ and
#                        app/features/backup/, what differs by major version; and the
#                        *.process.test.ts files, which start `npm start`'s server themselves
#   playwright           browser tests in Debian's Chromium (headless shell) against the production server as
#                        `npm start` runs it (the embedded PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
# Every server and test process here runs its helper threads (PDF workers, libvips', V8's, libuv's)
# at nice 10, not a server's 19: test files side by side keep both cores busy at nice 0, and a PDF
# worker at 19 waited 15 s behind them (docs/configuration.md, BACKGROUND_NICE).
export BACKGROUND_NICE=${BACKGROUND_NICE:-10}
results=$(mktemp -d)
side_logs=$(mktemp -d)
shared_templates=""
legs=()
cleanups=()
declare -A side_pids=()

# The machine's busy CPU time so far, in clock ticks (/proc/stat: every process, whoever's child it
# is; on a CI machine that is the run's own). Its difference over a leg, against the leg's seconds
# times the cores, says whether the leg was CPU-bound (docs/development.md, "Test legs").
ticks=$(getconf CLK_TCK)
cores=$(nproc)
cpu_busy() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
  echo $((user + nice + system + irq + softirq + steal))
}
run_busy_start=$(cpu_busy)

# leg NAME COMMAND…: runs one leg, prints and records its time (and the machine's CPU over it), and
# fails as the command does.
leg() {
  local name=$1 start=$SECONDS status=0 busy_start
  busy_start=$(cpu_busy)
  shift
  echo
  echo "=== $name"
  "$@" || status=$?
  local seconds=$((SECONDS - start)) cpu=$((($(cpu_busy) - busy_start) / ticks))
  legs+=("$name $seconds $([ $status = 0 ] && echo ok || echo "failed ($status)")")
  echo "time: $name $seconds s (machine CPU $cpu s of $((seconds * cores)) on $cores cores)"
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
  printf '  %-20s %5s s\n' "sum of the legs" "$total"
  # Less than the sum: lint runs beside format, typecheck, build and vitest-unit, and vitest-pglite
  # beside the end of lint and vitest-postgres.
  printf '  %-20s %5s s\n' "wall clock" "$SECONDS"
  printf '  %-20s %5s s  of %s on %s cores\n' "machine CPU" "$((($(cpu_busy) - run_busy_start) / ticks))" \
    "$((SECONDS * cores))" "$cores"
}

finish() {
  local status=$?
  # A leg that failed stops the run: stop the side legs too.
  for pid in "${side_pids[@]}"; do pkill -P "$pid" 2>/dev/null || true; done
  for cleanup in "${cleanups[@]}"; do "$cleanup" || true; done
  # Last: no leg is still copying from the shared templates.
  rm -rf "$shared_templates"
  print_leg_times
  exit $status
}
trap finish EXIT
SECONDS=0

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

# side_leg NAME COMMAND…: starts a leg in the background, its output kept aside; join_leg NAME waits for
# it, then prints its output and time and records it as leg does.
side_leg() {
  local name=$1
  shift
  (
    start=$SECONDS status=0
    "$@" >"$side_logs/$name.log" 2>&1 || status=$?
    echo "$((SECONDS - start)) $status" >"$side_logs/$name.status"
  ) &
  side_pids[$name]=$!
}
join_leg() {
  local name=$1 seconds status
  wait "${side_pids[$name]}" || true
  echo
  echo "=== $name (ran beside the legs above)"
  cat "$side_logs/$name.log"
  read -r seconds status <"$side_logs/$name.status"
  legs+=("$name $seconds $([ "$status" = 0 ] && echo ok || echo "failed ($status)")")
  echo "time: $name $seconds s"
  return "$status"
}

# The static checks and the unit tests use one core each at most: ESLint with type information (the
# longest) runs on one core while format, typecheck, the build and the unit tests take turns on the
# other; the PGlite leg, which needs the build, starts once it is there.
# The route types both read are generated once, first; the two legs are then `npm run lint` and
# `npm run typecheck` without their own typegen (two writers of .react-router/ at once could race).
# ESLint gets a larger young generation (as in `npm run lint`): with TypeScript's program in memory, the
# default one had V8 spend about a fifth of the leg collecting garbage (about 15 % less CPU with it), and
# one collector thread, not three that take turns with it (about 8 % less CPU, the same time alone).
npx react-router typegen
side_leg lint node --max-semi-space-size=64 --single-threaded-gc node_modules/eslint/bin/eslint.js . --max-warnings=0
leg format npm run format:check
# TypeScript 7 (the native compiler, as the `typescript-7` package) checks the types: 6 s alone against
# 5.x's 35 (12 s of CPU against 49). ESLint's type-aware rules still read TypeScript 5.9's program: they
# need its JavaScript API, which 7 does not have (docs/development.md, "Two TypeScripts").
# The same command as `npm run typecheck`, without its typegen. --singleThreaded: one checker, not four
# that each check the shared types again (7.0–7.6 s of CPU against 9.8–10.9, the same 6 s alone).
leg typecheck node node_modules/typescript-7/bin/tsc --singleThreaded
leg build npm run build

# The embedded databases' templates (tests/support/database-templates.ts), made once for every leg
# of the run rather than once per leg: a migrated PGlite folder costs 10–20 s of CPU to make.
shared_templates=$(mktemp -d /tmp/ic-test-templates-run.XXXXXX)
# As root, the embedded PostgreSQL runs as another user, who must be able to enter it.
chmod 755 "$shared_templates"
export TEST_TEMPLATES_DIR=$shared_templates

# The PGlite leg, one file at a time, starts as soon as the build is there: beside ESLint's last stretch
# (the other core was idle for about half a minute of it), then beside the PostgreSQL leg, whose files
# (two at a time) mostly wait on their server. Their databases are apart. If timed checks in either leg
# turn flaky, run the PGlite leg as a `leg` after vitest-postgres, with 2 workers.
TEST_SCOPE=database-layer side_leg vitest-pglite run_vitest vitest-pglite 1 --project integration
# The unit tests after the build: scripts/page-js-budget.test.ts reads the client build's manifest.
leg vitest-unit run_vitest vitest-unit 1 --project unit
join_leg lint

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  TEST_POSTGRES_URL=$(scripts/pg-throwaway.sh start "${TEST_PG_DIR:-/tmp/ic-test-pg}" "${TEST_PG_PORT:-54329}")
  echo "Started a throwaway PostgreSQL for the tests: $TEST_POSTGRES_URL"
fi
TEST_DATABASE=postgres TEST_POSTGRES_URL="$TEST_POSTGRES_URL" \
  leg vitest-postgres run_vitest vitest-postgres 2 --project integration
join_leg vitest-pglite

embedded_bin=$(node -e 'import(`@embedded-postgres/${process.platform}-${process.arch}`).then((m) => console.log(require("node:path").dirname(m.postgres)))')
embedded_dir=$(mktemp -d /tmp/ic-test-embedded-pg.XXXXXX)
embedded_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
stop_embedded() { PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh stop "$embedded_dir"; rm -rf "$embedded_dir"; }
cleanups+=(stop_embedded)
embedded_url=$(PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh start "$embedded_dir" "$embedded_port")
echo "Started the embedded PostgreSQL's binaries for the tests: $embedded_url"
# Three files at a time: its process tests mostly wait on the servers they start and stop (110 s with
# two, 164 s of CPU; 99 s with three, 175 s of CPU).
TEST_DATABASE=postgres TEST_POSTGRES_URL="$embedded_url" TEST_SCOPE=engine \
  leg vitest-embedded-pg run_vitest vitest-embedded-pg 3 --project integration
stop_embedded
cleanups=()

chromium=${E2E_CHROMIUM:-/usr/bin/chromium-headless-shell}
[ -x "$chromium" ] || { echo "$chromium is missing (apt-get install -y chromium-headless-shell)" >&2; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" leg playwright npx playwright test --reporter=list,json

print_leg_times
legs=()
node scripts/test-summary.mjs "$results"
