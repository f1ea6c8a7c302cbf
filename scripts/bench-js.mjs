// Prints, for each public page, the JavaScript a real browser receives when it loads the page:
// Debian's Chromium (through Playwright) with an empty cache, the bytes on the wire for every
// script response (encoded body and headers, as DevTools' "transferred" column) plus the page's
// inline scripts (what they add to the document as the page cache sends it, brotli quality 11:
// the compressed page with them less the compressed page without them), and fails if a page is
// over the goal (JS_TRANSFER_GOAL_KB, 100 KiB; "KB" here is 1,024 bytes). A public page loads its
// code at the visitor's first interaction (app/features/site/hydrate-on-interaction.server.ts): the
// script then presses a key and prints what the page has received in all once it has hydrated
// (no goal: that is what the visitor who does something downloads). Usage: npm run bench:js
// [-- /path /other-path] (default: every public page). Measures the production build on a
// throwaway DATA_DIR, or BASE_URL if a server runs.
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { startProductionServer } from "./production-server.mjs";
import { publicPagePaths } from "./public-page-paths.mjs";

const GOAL_KB = Number(process.env.JS_TRANSFER_GOAL_KB ?? 100);

const brotli = (text) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** Bytes the inline scripts (not JSON-LD, which is data) add to the brotli-compressed document. */
const inlineScriptBytes = (html) =>
  brotli(html) -
  brotli(html.replace(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, ""));
const pages = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (pages.length === 0) pages.push(...publicPagePaths);

let server;
let baseUrl = process.env.BASE_URL;
if (!baseUrl) {
  server = await startProductionServer({ name: "bench-js", portBase: 4600 });
  baseUrl = server.origin;
}
let browser;

const header = (headers, name) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
const kb = (n) => (n / 1024).toFixed(1);
const summary = [];
try {
  // Launched inside the try: a browser that does not start (none installed) still stops the server.
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  for (const path of pages) {
    // A new context per page: an empty HTTP cache, as a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Map();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      if (type === "Script")
        scripts.set(requestId, {
          url: new URL(response.url).pathname,
          encoding: header(response.headers, "content-encoding"),
        });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script) script.bytes = encodedDataLength;
    });
    await cdp.send("Network.enable");
    const response = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    const rows = [...scripts.values()].filter((s) => s.bytes !== undefined).sort((a, b) => b.bytes - a.bytes);
    rows.push({ url: "(inline scripts in the page)", encoding: "br", bytes: inlineScriptBytes(await response.text()) });
    const total = rows.reduce((sum, s) => sum + s.bytes, 0);
    // Then the visitor's first interaction (a key press): the page loads its code and hydrates.
    await page.keyboard.press("Shift");
    await page.waitForFunction(() => globalThis.__reactRouterDataRouter?.state?.initialized === true);
    await page.waitForLoadState("networkidle");
    const later = [...scripts.values()].filter((s) => s.bytes !== undefined && !rows.includes(s));
    const interacted = total + later.reduce((sum, s) => sum + s.bytes, 0);
    const ok = total / 1024 <= GOAL_KB;
    console.log(`\nPage ${path}: ${rows.length - 1} script files and the inline scripts`);
    for (const s of rows)
      console.log(`  ${kb(s.bytes).padStart(7)} KB  ${(s.encoding ?? "identity").padEnd(8)} ${s.url}`);
    console.log(`  TOTAL ${kb(total)} KB transferred, goal ${GOAL_KB} KB: ${ok ? "within goal" : "OVER GOAL"}`);
    console.log(`  after the first interaction: ${later.length} more files, ${kb(interacted)} KB in all`);
    summary.push({ path, total, files: rows.length - 1, ok, interacted, later: later.length });
    await context.close();
  }
} finally {
  await browser?.close();
  await server?.stop();
}
console.log(
  `\nSummary (JavaScript transferred to Chromium on a first visit, inline scripts included, KB; goal ${GOAL_KB} KB;` +
    ` then in all once the visitor's first interaction has hydrated the page)`,
);
for (const r of summary)
  console.log(
    `  ${r.path.padEnd(28)} ${kb(r.total).padStart(6)}  ${String(r.files).padStart(2)} files  ${r.ok ? "ok" : "OVER GOAL"}` +
      `   after interaction ${kb(r.interacted).padStart(6)}  ${String(r.files + r.later).padStart(2)} files`,
  );
process.exit(summary.every((r) => r.ok) ? 0 : 1);
