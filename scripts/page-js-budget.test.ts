import { describe, expect, it } from "vitest";
import { pageScripts, readRouteManifest, sentBytes } from "./page-scripts.mjs";
import { publicPagePaths } from "./public-page-paths.mjs";

/*
 * Each public page's JavaScript files as the server sends them to a browser (brotli copies of the
 * production build, read from React Router's route manifest: no server, no browser), in KiB. A
 * change that makes a page load more fails here, so code added to every page (the root, the
 * layout, the framework chunk) shows in its own diff: raise the page's figure there, on purpose,
 * or load the new code on interaction. The figures leave about 0.3 KiB of room. `npm run bench:js`
 * measures what Chromium receives (HTTP headers and inline scripts too; goal 100 KiB a page).
 */
const BUDGET_KIB: Record<string, number> = {
  "/": 102.5,
  "/partitions": 100.1,
  "/suspended-ceilings": 100.7,
  "/shop-ceiling": 100.9,
  "/shop-ceiling-specialists": 101.6,
  "/ceiling-repair": 100.6,
  "/gallery": 102.0,
  "/about-us": 99.8,
  "/contact-us": 102.8,
  "/sitemap-display.html": 100.6,
  "/blog": 101.6,
  "/blog/shop-ceiling-trends": 100.0,
  "/privacy-policy": 98.5,
  "/estimate": 103.1,
  "/book": 102.8,
};

const manifest = readRouteManifest();
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe("each public page's JavaScript stays within its budget", () => {
  it("has a budget for every public page", () => {
    expect(Object.keys(BUDGET_KIB).sort()).toEqual([...publicPagePaths].sort());
  });

  it.each(publicPagePaths)("%s", (path) => {
    const files = pageScripts(manifest, path);
    const total = files.reduce((sum, file) => sum + sentBytes(file), 0);
    const sizes = files.map((file) => `${file} ${kib(sentBytes(file))}`).join(", ");
    expect(kib(total), `${path} loads ${sizes}`).toBeLessThanOrEqual(BUDGET_KIB[path]!);
  });
});
