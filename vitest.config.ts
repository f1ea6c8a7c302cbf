import { defineConfig } from "vitest/config";

// Which files run where (docs/development.md, "Test legs"), by file name:
// - *.test.ts(x): the unit project, no database.
// - *.integration.test.ts: on PGlite by default, or on the PostgreSQL server at TEST_POSTGRES_URL with
//   TEST_DATABASE=postgres. *.pglite.test.ts and *.postgres.test.ts only on theirs, so no leg reports
//   skipped tests.
// - *.process.test.ts start their own servers on both embedded databases whatever TEST_DATABASE says:
//   they run once, with PGlite.
// npm test runs every integration file once, on the embedded PostgreSQL's binaries (what `npm start`
// runs). On PGlite and on Debian's PostgreSQL it runs only the database layer below
// (TEST_SCOPE=database-layer): what can differ from one engine to another. Without TEST_SCOPE every
// file runs, so `npx vitest run <file>` finds any file on either engine.
const backend = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
const databaseLayerOnly = process.env.TEST_SCOPE === "database-layer";
if (process.env.TEST_SCOPE !== undefined && !databaseLayerOnly)
  throw new Error(`TEST_SCOPE must be "database-layer" or unset, not "${process.env.TEST_SCOPE}"`);

// The database layer: the database client, migrations and seeding, backups and restores (every
// table as the engine's JSON; the embedded server's control socket), a server smoke, and the files
// whose code branches on the engine or runs raw SQL: content changes (PGlite's NOTIFY or a version
// read: page cache, redirects, 404 log), rate-limit counters (memory or a table: sign-in) and the
// lead statistics' query. Add a file when the code it tests uses database.kind, database.listen or
// db.execute.
const databaseLayer = [
  "app/db/**/*.integration.test.ts",
  "app/features/demo/**/*.integration.test.ts",
  "app/features/backup/**/*.integration.test.ts",
  "server/backup-commands.integration.test.ts",
  "server/server.integration.test.ts",
  "server/page-cache.integration.test.ts",
  "tests/http/blog-redirects.integration.test.ts",
  "tests/http/auth.integration.test.ts",
  "tests/http/lead-pipeline.integration.test.ts",
  // Quarantine's cap (a delete over a partial index) and the auto-reply's per-address advisory lock.
  "tests/http/lead-quarantine.integration.test.ts",
  // The dashboard's quote figures: aggregate filters and a time-zone month boundary in raw SQL.
  "app/features/quotes/quote-figures.integration.test.ts",
  // Settings reach every server through the content version (site_settings trigger).
  "tests/http/business-settings.integration.test.ts",
  "tests/http/mail-settings.integration.test.ts",
  // Visitor analytics: the report's grouping sets, regex and JSON operators; the roll-up's claim.
  "tests/http/visitor-analytics.integration.test.ts",
  "tests/http/analytics-flood.integration.test.ts",
  // Clients: the search's SQL function and trigram index, and the merge's catalogue-driven moves.
  "app/features/admin/clients/clients-api.integration.test.ts",
  // Job days: the per-staff advisory lock held by two database clients racing.
  "app/features/jobs/job-days.integration.test.ts",
  // Invoices: numbers under concurrent issues, and the trigger that freezes an issued row (raw SQL).
  "app/features/invoices/invoices.integration.test.ts",
  // Billing reports (issue 38 item 7): JSON per VAT rate summed in raw SQL, signed credit notes.
  "app/features/invoices/vat-summary.integration.test.ts",
  "app/features/invoices/billing-figures.integration.test.ts",
];

const integration = databaseLayerOnly ? databaseLayer : ["{app,server,tests}/**/*.integration.test.ts"];
const processTests = backend === "pglite" ? ["{app,server}/**/*.process.test.ts"] : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One module graph for every unit file, not a new process per file: the leg's 79 files ran in
          // 60 s and 63 s of CPU, of which 12 s in tests; without isolation 26 s and 19 s. No unit test
          // leaves state behind (timers, env and console spies are put back in afterEach/finally).
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [
            "**/*.integration.test.ts",
            "**/*.pglite.test.ts",
            "**/*.postgres.test.ts",
            "**/*.process.test.ts",
            "node_modules/**",
          ],
        },
      },
      {
        extends: true,
        test: {
          // Real databases and real server processes.
          name: "integration",
          // The run's migrated database templates: each test database is a copy (tests/support/database-templates.ts).
          globalSetup: ["./tests/support/database-templates-setup.ts"],
          include: [...integration, `{app,server,tests}/**/*.${backend}.test.ts`, ...processTests],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
