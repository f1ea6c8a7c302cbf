import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SERVE_NODE_OPTIONS, serveMallocEnv } from "./scripts/production-server.mjs";
import { KEEP_ALIVE_FOR_API_CLIENT } from "./tests/e2e/isolated-server";

// Browser tests run against the production build (`npm run build` first), started as `npm start`
// starts it (the default embedded database, PostgreSQL, and the same Node flags) on a fixed port
// with a fresh, empty data folder, so every run starts from the same seeded demo content.
const port = Number(process.env.E2E_PORT ?? 3210);

const baseURL = `http://localhost:${port}`;

// Debian's Chromium as its headless shell (Debian's chromium-headless-shell package: the same build of
// the same version, without the browser's windows, tabs and their UI processes; the headless shell is
// what Playwright itself runs for headless tests). The whole leg measured here on 2 cores: 235 s, against
// 328 s in the full /usr/bin/chromium (a page's axe check costs the renderer half the CPU). To run the
// suite in the full browser: E2E_CHROMIUM=/usr/bin/chromium. Benchmarks use the full browser.
const chromium = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
// Outside test-results on purpose: Playwright empties its output folder at the start of a run,
// which must never happen under a running database. The folder is wiped before each start.
const dataDir = path.join(os.tmpdir(), `ic-interiors-e2e-data-${port}`);

export default defineConfig({
  testDir: "./tests/e2e",
  // One migrated data folder for the run, copied by each spec that starts its own server.
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: `./test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The machine (and CI runner) has 2 cores; the server shares them with the browsers. Three
  // workers: most specs start a server of their own, and a worker waiting for one left CPU idle (a
  // fifth of the leg's with two). The whole leg, quiet machine: 245 s with two (389 s of CPU), 222 s
  // with three (399 s of CPU).
  workers: 3,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: "en-IE",
    // The visitor's "reduce motion" setting: pages scroll at once rather than smoothly (app.css sets
    // smooth scrolling only for no-preference) and skip their few animations. Playwright brings each
    // element into view and waits for it to stop moving before acting, so a smooth scroll meant
    // frames drawn for every action. Three long specs (admin-content, chat, content-pages), two runs
    // each: 143 and 152 s of CPU against 167 and 173 (Chromium 89 and 98 s against 109 and 112), the
    // same 39 tests passing. The whole leg, two pairs of runs: 548 s against 524 and 511 against 550
    // (the machine's drift is as large). The specs about scrolling and motion (hash-navigation,
    // scroll-restoration, the chat's typing dots) set no-preference themselves.
    reducedMotion: "reduce",
    // A trace records every test's DOM and screen as it runs, about a seventh of the leg's CPU, to
    // keep only a failing test's: off unless asked for (E2E_TRACE=1 when debugging a failure). A
    // failure still leaves its page's accessibility snapshot and a screenshot.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Debian's Chromium: Playwright's own browser downloads are not available offline.
    launchOptions: {
      executablePath: chromium,
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
      ...serveMallocEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      // A scheduled backup (03:00 Irish time) goes with the throwaway data, not into the checkout.
      BACKUP_DIR: path.join(dataDir, "backups"),
      LOG_LEVEL: "warn",
      // Automated runs fill forms in milliseconds and send many from one IP: relax the
      // fill-time check and raise rate limits (the integration tests cover both for real).
      CONTACT_MIN_FILL_MS: "0",
      RATE_LIMIT_FACTOR: "1000",
      // Idle kept-alive connections outlive a test: see KEEP_ALIVE_FOR_API_CLIENT.
      ...KEEP_ALIVE_FOR_API_CLIENT,
    },
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the server then stops its embedded PostgreSQL. A killed one
    // leaves PostgreSQL running (its own process group), and the next run's `rm -rf` of the folder
    // would leave it running on deleted files.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    // A first start on an empty folder: over a minute with the machine at load 30.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
