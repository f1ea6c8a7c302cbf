import { defineConfig } from "vitest/config";

// Integration files run on both databases; *.pglite.test.ts and *.postgres.test.ts only on theirs,
// so neither leg reports skipped tests. *.process.test.ts start their own database servers whatever
// TEST_DATABASE says (the embedded PostgreSQL, the app's default, and PGlite): they run once, in the
// PGlite leg.
const backend = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
const processTests = backend === "pglite" ? [`{app,server}/**/*.process.test.ts`] : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
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
          // Real databases and real server processes. TEST_DATABASE=postgres runs the same files
          // against a PostgreSQL server (TEST_POSTGRES_URL) instead of embedded PGlite.
          name: "integration",
          include: [`{app,server}/**/*.integration.test.ts`, `{app,server}/**/*.${backend}.test.ts`, ...processTests],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
