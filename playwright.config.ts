import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SERVE_NODE_OPTIONS } from "./scripts/production-server.mjs";

// Browser tests run against the production build (`npm run build` first), started as `npm start`
// starts it (the default embedded database, PostgreSQL, and the same Node flags) on a fixed port
// with a fresh, empty data folder, so every run starts from the same seeded demo content.
const port = Number(process.env.E2E_PORT ?? 3210);

const baseURL = `http://localhost:${port}`;
// Outside test-results on purpose: Playwright empties its output folder at the start of a run,
// which must never happen under a running database. The folder is wiped before each start.
const dataDir = path.join(os.tmpdir(), `ic-interiors-e2e-data-${port}`);

export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: `./test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The machine (and CI runner) has 2 cores; the server shares them with the browsers.
  workers: 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: "en-IE",
    trace: "retain-on-failure",
    // Debian's Chromium: Playwright's own browser downloads are not available offline.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: `rm -rf "${dataDir}" && node server.js`,
    url: `${baseURL}/healthz`,
    env: {
      NODE_ENV: "production",
      NODE_OPTIONS: SERVE_NODE_OPTIONS,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Automated runs fill forms in milliseconds and send many from one IP: relax the
      // fill-time check and raise rate limits (the integration tests cover both for real).
      CONTACT_MIN_FILL_MS: "0",
      RATE_LIMIT_FACTOR: "1000",
    },
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the server then stops its embedded PostgreSQL. A killed one
    // leaves PostgreSQL running (its own process group), and the next run's `rm -rf` of the folder
    // would leave it running on deleted files.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
