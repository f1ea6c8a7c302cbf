import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/longest-first-sequencer";

// Which files run where (docs/development.md, "Test legs"), by file name:
// - *.test.ts(x): the unit project, no database.
// - *.integration.test.ts: on PGlite by default, or on the PostgreSQL server at TEST_POSTGRES_URL with
//   TEST_DATABASE=postgres. *.pglite.test.ts and *.postgres.test.ts only on theirs, so no leg reports
//   skipped tests.
// - *.process.test.ts start `npm start`'s server on both embedded databases themselves, whatever
//   TEST_DATABASE says: without TEST_SCOPE they run with PGlite.
// Without TEST_SCOPE every file of the engine runs, so `npx vitest run <file>` finds any file on either
// engine. npm test picks each leg's files with TEST_SCOPE:
// - unset, on Debian's PostgreSQL (vitest-postgres): every integration and *.postgres.test.ts file.
// - "database-layer", on PGlite (vitest-pglite): the database layer below and *.pglite.test.ts, what
//   takes other paths on PGlite's driver, its one connection and its in-process NOTIFY.
// - "engine", on the embedded PostgreSQL's binaries (vitest-embedded-pg, what `npm start` runs): the
//   process tests and the files under app/db/ and app/features/backup/ (migrations, the client, content
//   versions, backups and restores: what can differ from one PostgreSQL major version to another). The
//   rest is the same wire protocol and SQL as on Debian's PostgreSQL, which runs every file.
const backend = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
const scopes = ["database-layer", "engine"] as const;
const scope = process.env.TEST_SCOPE as (typeof scopes)[number] | undefined;
if (scope !== undefined && !scopes.includes(scope))
  throw new Error(`TEST_SCOPE must be one of ${scopes.join(", ")} or unset, not "${process.env.TEST_SCOPE}"`);

// What differs from one PostgreSQL major version to another, by folder.
const engineFolders = ["app/db/**", "app/features/backup/**"];

// The database layer: the database client, migrations and seeding, a server smoke, and the files
// whose code branches on the engine or runs raw SQL: content changes (PGlite's NOTIFY or a version
// read: page cache, redirects, 404 log), rate-limit counters (memory or a table: sign-in) and the
// lead statistics' query. Add a file when the code it tests uses database.kind, database.listen or
// db.execute. Backups and restores are the same SQL on either engine and run on the PostgreSQL legs
// (PGlite backups and PGlite targets in backup-cross.postgres.test.ts); what takes PGlite's own path
// (a backup holding its one connection while enquiries are written, `npm run backup` through the
// embedded server's control socket) is in backup.pglite.test.ts and backup-commands.pglite.test.ts.
const databaseLayer = [
  "app/db/**/*.integration.test.ts",
  "app/features/demo/**/*.integration.test.ts",
  "server/server.integration.test.ts",
  "server/page-cache.integration.test.ts",
  "tests/http/blog-redirects.integration.test.ts",
  "tests/http/auth.integration.test.ts",
  // The daily digest: one claim a Dublin day (a unique insert inside the e-mails' transaction) and its
  // window read back from digest_runs' timestamps, which each engine stores and compares itself.
  "tests/http/lead-pipeline.integration.test.ts",
  // The lead statistics' per-day counts: statement triggers with transition tables, raw SQL.
  "app/features/admin/leads/lead-stats.integration.test.ts",
  // Quarantine's cap (a delete over a partial index) and the auto-reply's per-address advisory lock.
  "tests/http/lead-quarantine.integration.test.ts",
  // The dashboard's quote figures: aggregate filters and a time-zone month boundary in raw SQL.
  "app/features/quotes/quote-figures.integration.test.ts",
  // Settings reach every server through the content version (site_settings trigger).
  "tests/http/business-settings.integration.test.ts",
  "tests/http/mail-settings.integration.test.ts",
  // Visitor analytics: the report's grouping sets, regex and JSON operators; the roll-up's claim. Not
  // the flood (analytics-flood): its caps are row locks two servers race for, which they can only do
  // on PostgreSQL (PGlite's one connection takes the transactions in turn); the same SQL is run here.
  "tests/http/visitor-analytics.integration.test.ts",
  // …and its whole months, summed by statement triggers with transition tables (migration 0047).
  "app/features/analytics/visits-traffic.integration.test.ts",
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

const allIntegration = ["{app,server,tests}/**/*.integration.test.ts", `{app,server,tests}/**/*.${backend}.test.ts`];
const processTests = ["{app,server}/**/*.process.test.ts"];
const integration = {
  all: [...allIntegration, ...(backend === "pglite" ? processTests : [])],
  "database-layer": [...databaseLayer, `{app,server,tests}/**/*.${backend}.test.ts`],
  engine: [
    ...engineFolders.flatMap((folder) => [`${folder}/*.integration.test.ts`, `${folder}/*.${backend}.test.ts`]),
    ...processTests,
  ],
}[scope ?? "all"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's
    // content and the configuration): npm test's four Vitest legs transform the same app and support
    // modules, and each leg now reads what an earlier one wrote. The unit leg alone: 17 s of CPU with
    // the cache warm, 22 cold, 23–24 without it (docs/development.md, "Twelfth pass").
    experimental: { fsModuleCache: true },
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    // The longest integration files start first, also on a fresh clone with no timings.
    sequence: { sequencer: LongestFirstSequencer },
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
            "**/node_modules/**",
          ],
        },
      },
      {
        extends: true,
        test: {
          // Real databases and real server processes.
          name: "integration",
          // One module graph per worker, as the unit project: the built app and every module are imported
          // once a worker, not once a file (vitest-postgres: 382 s of CPU against 571 s, docs/development.md,
          // "Fifth pass"). Each file still opens its own database and its own servers, and closes them.
          isolate: false,
          // The run's migrated database templates: each test database is a copy (tests/support/database-templates.ts).
          globalSetup: ["./tests/support/database-templates-setup.ts"],
          include: integration,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
