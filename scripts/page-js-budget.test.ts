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
  "/": 103.5,
  "/partitions": 100.5,
  "/suspended-ceilings": 101.1,
  "/shop-ceiling": 101.6,
  "/shop-ceiling-specialists": 102.2,
  "/ceiling-repair": 101.0,
  "/gallery": 102.8,
  "/about-us": 100.2,
  "/contact-us": 103.2,
  "/sitemap-display.html": 101.4,
  "/blog": 102.5,
  "/blog/shop-ceiling-trends": 100.9,
  "/privacy-policy": 98.9,
  "/estimate": 103.9,
  "/book": 103.5,
  // Any project's page loads the same files, whatever its photos (issue 39: no JavaScript beyond the public budget).
  "/projects/glazed-meeting-rooms-sandyford": 102.6,
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
