// Prints the JavaScript a visitor downloads to load each page (and, for a public page, what its
// first interaction loads), as the server sends it to a browser
// (each file's brotli copy written at build time, else the file; the inline scripts as the bytes
// they add to the brotli-compressed page) and fails if any page is over the budget (JS_BUDGET_KB,
// 100 KiB; no HTTP headers, which bench:js counts too). Usage: npm run bench:size [-- /path /other-path]
// (default: every public page, the 404 page and the admin sign-in page; a summary table at the end)
// Measures the production build: it starts `node server.js` on a throwaway DATA_DIR, or uses
// BASE_URL if a server is already running.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { startProductionServer } from "./production-server.mjs";
import { publicPagePaths } from "./public-page-paths.mjs";

const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 100);
const pages = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (pages.length === 0) pages.push(...publicPagePaths, "/no-such-page", "/admin/login");
const summary = [];
const clientDir = path.resolve("build/client");

let server;
let baseUrl = process.env.BASE_URL;
if (!baseUrl) {
  server = await startProductionServer({ name: "bench-size", portBase: 3900 });
  baseUrl = server.origin;
}

const brotli = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** The bytes a browser accepting brotli receives for a built file: its .br copy, else the file. */
const sent = (file) => {
  const copy = path.join(clientDir, `${file}.br`);
  return fs.existsSync(copy) ? fs.statSync(copy).size : fs.statSync(path.join(clientDir, file)).size;
};
const kb = (n) => (n / 1024).toFixed(1);
let failed = false;
try {
  for (const page of pages) {
    const html = await (await fetch(baseUrl + page)).text();
    // A public page's module script is inert until the visitor's first interaction
    // (app/features/site/hydrate-on-interaction.server.ts): its files are not loaded up front.
    const deferred = html.match(/<script[^>]*type="text\/x-app-hydration"[^>]*>([\s\S]*?)<\/script>/)?.[1];
    const files = collectScripts(deferred ? html.replace(deferred, "") : html);
    const later = deferred ? collectScripts(deferred).filter((f) => !files.includes(f)) : [];
    let raw = 0;
    let zipped = 0;
    const rows = [];
    for (const file of files) {
      const size = fs.statSync(path.join(clientDir, file)).size;
      raw += size;
      const z = sent(file);
      zipped += z;
      rows.push({ file, raw: size, gzip: z });
    }
    const withoutInline = html.replace(
      /<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g,
      "",
    );
    const inline = brotli(Buffer.from(html)) - brotli(Buffer.from(withoutInline));
    zipped += inline;
    rows.sort((a, b) => b.gzip - a.gzip);
    console.log(`\nPage ${page}: ${files.length} JS files`);
    for (const r of rows) console.log(`  ${kb(r.gzip).padStart(7)} KB br  ${kb(r.raw).padStart(7)} KB raw  ${r.file}`);
    console.log(`  inline scripts in the HTML: ${kb(inline)} KB br (added to the compressed page)`);
    if (later.length)
      console.log(
        `  loaded at the first interaction: ${later.length} files, ${kb(later.reduce((sum, f) => sum + sent(f), 0))} KB br`,
      );
    const ok = zipped / 1024 <= BUDGET_KB;
    if (!ok) failed = true;
    console.log(
      `  TOTAL ${kb(zipped)} KB as sent (${kb(raw)} KB raw), budget ${BUDGET_KB} KB: ${ok ? "within budget" : "OVER BUDGET"}`,
    );
    summary.push({ page, files: files.length, gzip: zipped, ok });
  }
  console.log(`\nSummary (JavaScript loaded up front, KB as sent, inline scripts included; budget ${BUDGET_KB} KB)`);
  for (const r of summary)
    console.log(
      `  ${r.page.padEnd(28)} ${kb(r.gzip).padStart(6)}  ${String(r.files).padStart(2)} files  ${r.ok ? "ok" : "OVER BUDGET"}`,
    );
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);

/** Every JS module the page loads up front: modulepreloads, imports in inline scripts, and their static imports. */
function collectScripts(html) {
  const found = new Set();
  const queue = [];
  const add = (url) => {
    const rel = url.replace(/^\//, "");
    if (!rel.endsWith(".js") || found.has(rel)) return;
    found.add(rel);
    queue.push(rel);
  };
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"(\/assets\/[^"]+\.js)"/g)) add(m[1]);
  while (queue.length) {
    const rel = queue.shift();
    const code = fs.readFileSync(path.join(clientDir, rel), "utf8");
    // Static imports only; dynamic import() is loaded later, on demand.
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      add(path.posix.join(path.posix.dirname(rel), m[1]));
    }
  }
  return [...found];
}
