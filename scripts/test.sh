#!/usr/bin/env bash
# npm test: every suite, in order of speed. Fails (never skips) when a dependency is missing.
#  0. format check (Prettier) and lint (ESLint, 0 warnings allowed)
#  1. typecheck   2. production build (the HTTP, process and browser tests use it)
#  3. Vitest unit + integration on embedded PGlite
#     (and the *.process.test.ts files, which start servers on both embedded databases)
#  4. Vitest integration on PostgreSQL (TEST_POSTGRES_URL, or a throwaway server started here)
#  5. Vitest integration on the embedded PostgreSQL's own binaries (PostgreSQL 18 from npm, what
#     `npm start` runs), on a throwaway server of their own
#  6. Playwright browser tests in Debian's Chromium against the production server (as `npm start`
#     runs it: the embedded PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)

npm run format:check
npm run lint
npm run typecheck
npm run build

npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest-pglite.json"

if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  TEST_POSTGRES_URL=$(scripts/pg-throwaway.sh start "${TEST_PG_DIR:-/tmp/ic-test-pg}" "${TEST_PG_PORT:-54329}")
  echo "Started a throwaway PostgreSQL for the tests: $TEST_POSTGRES_URL"
fi
TEST_DATABASE=postgres TEST_POSTGRES_URL="$TEST_POSTGRES_URL" \
  npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/vitest-postgres.json"

embedded_bin=$(node -e 'import(`@embedded-postgres/${process.platform}-${process.arch}`).then((m) => console.log(require("node:path").dirname(m.postgres)))')
embedded_dir=$(mktemp -d /tmp/ic-test-embedded-pg.XXXXXX)
embedded_port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
stop_embedded() { PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh stop "$embedded_dir"; rm -rf "$embedded_dir"; }
trap stop_embedded EXIT
embedded_url=$(PG_BINDIR="$embedded_bin" scripts/pg-throwaway.sh start "$embedded_dir" "$embedded_port")
echo "Started the embedded PostgreSQL's binaries for the tests: $embedded_url"
TEST_DATABASE=postgres TEST_POSTGRES_URL="$embedded_url" \
  npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/vitest-embedded-pg.json"
stop_embedded
trap - EXIT

[ -x /usr/bin/chromium ] || { echo "Debian's Chromium is missing (apt-get install -y chromium)" >&2; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$results"
