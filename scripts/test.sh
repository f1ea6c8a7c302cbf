#!/usr/bin/env bash
# npm test: every suite, in order of speed. Fails (never skips) when a dependency is missing.
#  0. format check (Prettier) and lint (ESLint, 0 warnings allowed)
#  1. typecheck   2. production build (the HTTP, process and browser tests use it)
#  3. Vitest unit + integration on embedded PGlite
#  4. Vitest integration on PostgreSQL (TEST_POSTGRES_URL, or a throwaway server started here)
#  5. Playwright browser tests in Debian's Chromium against the production server
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

[ -x /usr/bin/chromium ] || { echo "Debian's Chromium is missing (apt-get install -y chromium)" >&2; exit 1; }
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$results"
