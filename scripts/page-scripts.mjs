// The JavaScript files React Router loads for a page of the production build, read from its route
// manifest (build/client/assets/manifest-*.js, what the browser is given as
// window.__reactRouterManifest): the client entry and its imports, then each matched route's module
// and its static imports. Sizes are those of the brotli copies the server sends browsers (written
// beside each file at build time; the file itself when no smaller copy was written). Used by the
// per-page budget test (scripts/page-js-budget.test.ts) and nothing runs a browser or a server.
import fs from "node:fs";
import path from "node:path";
import { matchRoutes } from "react-router";

/** React Router's route manifest of the build in `clientDir`. */
export function readRouteManifest(clientDir = path.resolve("build/client")) {
  const assets = path.join(clientDir, "assets");
  const file = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`no route manifest in ${assets}: run "npm run build" first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The script URLs (`/assets/…`) a first visit to `pathname` loads, entry first. */
export function pageScripts(manifest, pathname) {
  const routes = Object.values(manifest.routes);
  const tree = (parentId) =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: tree(r.id) }));
  const matches = matchRoutes(tree(undefined), pathname);
  if (!matches) throw new Error(`no route matches ${pathname}`);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of matches) {
    const entry = manifest.routes[route.id];
    files.add(entry.module);
    for (const file of entry.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Bytes of a built script as the server sends it to a browser that accepts brotli. */
export function sentBytes(url, clientDir = path.resolve("build/client")) {
  const file = path.join(clientDir, url);
  for (const copy of [`${file}.br`, file]) if (fs.existsSync(copy)) return fs.statSync(copy).size;
  throw new Error(`${url} is not in ${clientDir}`);
}
