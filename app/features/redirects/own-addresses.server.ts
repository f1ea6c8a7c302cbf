import fs from "node:fs";
import path from "node:path";

/**
 * Addresses the server answers before (or instead of) any page, whatever the database holds:
 * the operations endpoints, the API, the admin, uploaded images, built and public files, and
 * paths reserved for the site's own features. Compared in lower case: Express and React Router
 * match paths whatever their letter case, so /Admin is the admin too.
 */
const OWN_PREFIXES: ReadonlyArray<[prefix: string, what: string]> = [
  ["/api/", "the site's API"],
  ["/admin", "the staff area"],
  ["/uploads/", "uploaded images"],
  ["/assets/", "the site's scripts and styles"],
  ["/.well-known/", "files for browsers and other services"],
  ["/q/", "a link the site makes"],
  ["/booking/", "a link the site makes"],
];
const OWN_EXACT: ReadonlyMap<string, string> = new Map([
  ["/api", "the site's API"],
  ["/.well-known", "files for browsers and other services"],
  ["/healthz", "the health check"],
  ["/readyz", "the readiness check"],
  ["/metrics", "the metrics endpoint"],
]);

/** The folders the server's files come from: the built client (production) and public/ (development). */
const STATIC_DIRS = [path.resolve("build/client"), path.resolve("public")];

let staticFiles: Set<string> | undefined;

/** Every file under the static folders, as a lower-case URL path (/favicon.ico, /images/hero.svg). */
function listStaticFiles(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, url: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // a folder that is not there (public/ is not deployed, build/ not built in development)
    }
    for (const entry of entries) {
      const child = `${url}/${entry.name.toLowerCase()}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), child);
      else found.add(child);
    }
  };
  for (const dir of STATIC_DIRS) walk(dir, "");
  return found;
}

/**
 * What the site itself answers at `path` (a normalized path: see normalizePath), in words for a
 * message ("the health check"), or null when the path is not one of its own addresses.
 * The files are listed once, on first use (they change only with a new build).
 */
export function ownAddress(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  const exact = OWN_EXACT.get(lower);
  if (exact) return exact;
  for (const [prefix, what] of OWN_PREFIXES) if (lower.startsWith(prefix)) return what;
  staticFiles ??= listStaticFiles();
  if (staticFiles.has(lower) || staticFiles.has(`${lower}/index.html`)) return "a file the site serves";
  return null;
}
