import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { publicPages } from "~/features/seo/public-pages";
import { builtInPages } from "./built-in-pages";
import { builtInPageFields, fieldsModulePath } from "./fields/built-in-fields";
import { pagePath } from "./page-slugs";

/** Every route of the config as its full path ("/partitions", "/" for an index), with its module. */
function flatten(entries: ReadonlyArray<RouteConfigEntry>, parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.index || entry.path ? [{ path: own || "/", file: entry.file }] : [];
    return [...here, ...flatten(entry.children ?? [], own)];
  });
}

const appFile = (file: string) => fs.readFileSync(path.resolve("app", file), "utf8");

describe("each built-in page is declared once (pages/built-in-pages.ts)", () => {
  const routeList = flatten(routes);

  it.each(builtInPages.map((p) => [p.path, p] as const))("%s has its route", (pagePathname, page) => {
    expect(routeList.filter((r) => r.path === pagePathname)).toEqual([{ path: pagePathname, file: page.file }]);
    expect(fs.existsSync(path.resolve("app", page.file)), page.file).toBe(true);
  });

  it.each(builtInPages.map((p) => [p.path, p] as const))("%s has its sitemap decision", (pagePathname, page) => {
    expect(publicPages.filter((p) => p.path === pagePathname)).toEqual([
      { path: page.path, label: page.label, slug: page.slug, ...page.sitemap },
    ]);
    expect(page.sitemap.priority).toBeGreaterThan(0);
    expect(page.sitemap.priority).toBeLessThanOrEqual(1);
    // Its meta tags' canonical address: the path itself, or the one page of its slug in /sitemap.xml.
    const canonical = builtInPages.filter((p) => p.slug === page.slug && p.sitemap.inXmlSitemap);
    expect(pagePath(page.slug)).toBe(canonical.length === 1 ? canonical[0]!.path : page.path);
  });

  it.each(builtInPages.map((p) => [p.path, p] as const))("%s has its fields or none", (_, page) => {
    const module = fieldsModulePath(page.file).slice(1);
    if (page.fields) {
      expect(builtInPageFields(page.slug)?.slug).toBe(page.slug);
    } else {
      expect(builtInPageFields(page.slug)).toBeNull();
      expect(fs.existsSync(path.resolve(module)), `${module} is there but the page says it has no fields`).toBe(false);
    }
  });

  it("no path, slug or module is declared twice", () => {
    const paths = builtInPages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    // Two paths share a slug (and a module) only as one page at two addresses, each with its route id.
    const shared = builtInPages.filter((p) => builtInPages.some((q) => q !== p && q.file === p.file));
    for (const page of shared) expect("routeId" in page && page.routeId, page.path).toBeTruthy();
  });

  it("no built-in page's path is typed in the route config, the SEO registry or its own modules", () => {
    const routesSource = appFile("routes.ts");
    const registries = [appFile("features/seo/public-pages.ts"), appFile("features/pages/fields/built-in-fields.ts")];
    for (const page of builtInPages) {
      const quoted = JSON.stringify(page.path);
      if (page.path !== "/") {
        expect(routesSource, `routes.ts types ${page.path}`).not.toContain(JSON.stringify(page.path.slice(1)));
        for (const source of registries) expect(source, `a registry types ${page.path}`).not.toContain(quoted);
      }
      // The route module reads its canonical path from the list (its loader's `path`).
      expect(appFile(page.file), `${page.file} types its own path`).not.toMatch(
        new RegExp(`path:\\s*${quoted.replace(/[/.]/g, "\\$&")}`),
      );
      if (page.path !== "/") expect(appFile(page.file), `${page.file} types its own path`).not.toContain(quoted);
    }
  });
});
