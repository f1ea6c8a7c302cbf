import { describe, expect, it } from "vitest";
import { pageScripts, readRouteManifest, sentBytes } from "./page-scripts.mjs";
import { publicPagePaths } from "./public-page-paths.mjs";

/*
 * Each public page's JavaScript files as the server sends them to a browser (brotli copies of the
 * production build, read from React Router's route manifest: no server, no browser), in KiB: what
 * the page loads to hydrate, at the visitor's first interaction (before it, a public page loads no
 * script file: tests/e2e/hydration.spec.ts). A change that makes a page load more fails here, so
 * code added to every page (the root, the layout, the framework chunk) shows in its own diff: raise
 * the page's figure there, on purpose, or load the new code when it is used. The figures leave
 * about 0.3 KiB of room; a cut lowers its figure. `npm run bench:js` measures what Chromium
 * receives on a first visit (inline scripts and HTTP headers too; goal 100 KiB a page) and after
 * the first interaction.
 */
const BUDGET_KIB: Record<string, number> = {
  "/": 102.7,
  "/partitions": 100.7,
  "/suspended-ceilings": 101.3,
  "/shop-ceiling": 101.5,
  "/shop-ceiling-specialists": 102.4,
  "/ceiling-repair": 101.2,
  "/gallery": 101.3,
  "/about-us": 100.4,
  // useFormValues (fields filled before hydration all kept): +0.2 on the two pages with forms that use it.
  "/contact-us": 103.1,
  "/sitemap-display.html": 100.0,
  "/blog": 101.1,
  "/blog/shop-ceiling-trends": 100.9,
  "/privacy-policy": 99.2,
  "/estimate": 104.3,
  "/book": 102.7,
  // Any project's page loads the same files, whatever its photos (issue 39: no JavaScript beyond the public budget).
  "/projects/glazed-meeting-rooms-sandyford": 101.2,
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
