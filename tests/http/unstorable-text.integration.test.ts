import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSTORABLE_TEXT_MESSAGES } from "~/api/unstorable-text";
import { contactSubmissions, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { readEstimateId } from "~/features/estimate/estimate-token.server";
import routes from "~/routes";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is refused at the door: 400 with a
// message for the API, the 404 page for a page's path, 400 for a query string. Swept over every
// route the app has (React Router's route table and the routers mounted under /api), signed in,
// so no guard or handler sees such text first; a 500 anywhere fails the sweep.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "grainne", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "grainne", PASSWORD);
  // Confirmed, so the calls that ask for the password first reach their own input checks too.
  await confirmSession(site.origin, cookie, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

/** NUL, a lone surrogate as UTF-8 bytes, and a broken escape, as they appear in a path. */
const BAD_URL_PARTS = ["x%00", "x%ED%A0%80", "x%E2%82"];
/** In a query string, bytes that are not UTF-8 read as U+FFFD (see queryHasUnstorableText). */
const BAD_QUERY_PARTS = ["x%00", "x%ED%A0%80"];

/**
 * Every route of the routers mounted under /api, with its methods (a route.all() is tried with
 * POST), and whether it reads a JSON body (express.json()'s "jsonParser" or readJsonBody's "jsonBody").
 */
function apiRoutes(app: unknown): Array<{ method: string; path: string; readsJson: boolean }> {
  const found: Array<{ method: string; path: string; readsJson: boolean }> = [];
  const walk = (stack: unknown[]) => {
    for (const layer of stack as Array<{
      route?: { path: string; methods: Record<string, boolean>; stack: Array<{ name: string }> };
      handle?: { stack?: unknown[] };
    }>) {
      if (layer.route?.path.startsWith("/api/")) {
        const readsJson = layer.route.stack.some((l) => l.name === "jsonParser" || l.name === "jsonBody");
        for (const method of Object.keys(layer.route.methods))
          found.push({ method: method === "_all" ? "POST" : method.toUpperCase(), path: layer.route.path, readsJson });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as { router: { stack: unknown[] } }).router.stack);
  return found;
}

/** Every path of the route table (":param" and "*" left in), and whether it is a page (a component, not a .ts resource route). */
function pagePaths(): Array<{ path: string; page: boolean }> {
  const paths = new Map<string, boolean>();
  const walk = (entries: ReadonlyArray<{ path?: string; file: string; children?: unknown[] }>, base: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      if (entry.children) walk(entry.children as typeof entries, full);
      else paths.set(full || "/", entry.file.endsWith(".tsx"));
    }
  };
  walk(routes, "");
  return [...paths].map(([path, page]) => ({ path, page }));
}

/** A route's path with every parameter (and a splat) replaced by `value`; `value` appended when it has none. */
const withBadPart = (path: string, value: string) =>
  /[:*]/.test(path)
    ? path.replace(/:\w+/g, value).replace("*", `some/${value}`)
    : `${path === "/" ? "" : path}/${value}`;

const fill = (path: string) => path.replace(/:\w+/g, "1").replace("*", "some/page");

const hasBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

describe("the API", () => {
  const routesFound = () => apiRoutes(site.app);

  it("finds the routes to sweep: public, sign-in and admin", () => {
    const paths = routesFound().map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /api/contact",
        "POST /api/auth/login",
        "POST /api/estimate",
        "GET /api/admin/contacts",
        "PATCH /api/admin/contacts/:id",
        "GET /api/admin/audit",
      ]),
    );
  });

  it("answers a NUL, a lone surrogate or a broken escape in the path with 400 and a message, before any guard", async () => {
    for (const { method, path } of routesFound()) {
      for (const bad of BAD_URL_PARTS) {
        const url = withBadPart(path, bad);
        // Without a session: the door answers before the admin API's 401.
        const res = await callApi(site.origin, method, url, hasBody(method) ? {} : undefined);
        expect([res.status, res.body?.message], `${method} ${url}`).toEqual([400, UNSTORABLE_TEXT_MESSAGES.path]);
      }
    }
  });

  it("answers one in the query string with 400 and a message", async () => {
    for (const { method, path } of routesFound()) {
      for (const bad of BAD_QUERY_PARTS) {
        const url = `${fill(path)}?q=${bad}&page=1`;
        const res = await callApi(site.origin, method, url, hasBody(method) ? {} : undefined, { cookie });
        expect([res.status, res.body?.message], `${method} ${url}`).toEqual([400, UNSTORABLE_TEXT_MESSAGES.query]);
      }
    }
  });

  it("answers one anywhere in a JSON body with 400 and a message, signed in, and stores nothing", async () => {
    const leadsBefore = await t.database.db.$count(contactSubmissions);
    const bodies = [
      '{"text":"a\\u0000b","username":"a\\u0000b","password":"Suspended-Grid-42"}',
      '{"items":[{"note":"half a pair \\ud800"}]}',
      '{"key\\udc00":"value"}',
    ];
    // Those that read JSON: not an upload (the image's bytes), sign-out, publish or restore (no body).
    const withBodies = routesFound().filter((r) => r.readsJson);
    expect(withBodies.length).toBeGreaterThan(15);
    expect(withBodies.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["POST /api/auth/login", "PATCH /api/admin/contacts/:id", "POST /api/admin/faqs"]),
    );
    for (const { method, path } of withBodies) {
      const route = `${method} ${path}`;
      for (const body of bodies) {
        const res = await fetch(`${site.origin}${fill(path)}`, {
          method,
          headers: { "content-type": "application/json", cookie },
          body,
        });
        const answer = [res.status, ((await res.json().catch(() => null)) as { message?: string } | null)?.message];
        expect(answer, `${route} ${body}`).toEqual([400, UNSTORABLE_TEXT_MESSAGES.body]);
      }
    }
    expect(await t.database.db.$count(contactSubmissions)).toBe(leadsBefore);
    expect((await callApi(site.origin, "GET", "/api/admin/audit", undefined, { cookie })).status).toBe(200);
  });

  it("answers the review's examples as such", async () => {
    const login = await callApi(site.origin, "POST", "/api/auth/login", { username: "a\u0000b", password: "x" });
    expect(login).toMatchObject({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGES.body } });
    const search = await callApi(site.origin, "GET", "/api/admin/contacts?q=%00", undefined, { cookie });
    expect(search).toMatchObject({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGES.query } });
    const estimate = await callApi(site.origin, "POST", "/api/estimate", {
      item: "glass-partition",
      quantity: 10,
      location: "Naas\u0000",
    });
    expect(estimate).toMatchObject({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGES.body } });
    // Good text, an emoji (a whole surrogate pair) included, still goes through.
    const fine = await callApi(site.origin, "POST", "/api/estimate", {
      item: "glass-partition",
      quantity: 10,
      location: "Naas 👍",
    });
    expect(fine.status).toBe(200);
  });
});

describe("pages", () => {
  it("answer a NUL, a lone surrogate or a broken escape in the path with the 404 page", async () => {
    const paths = pagePaths();
    expect(paths.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/", "/blog/:slug", "/admin/pages/:id", "/uploads/:file", "/*"]),
    );
    for (const { path, page } of paths) {
      for (const bad of BAD_URL_PARTS) {
        const url = withBadPart(path, bad);
        // Signed in, so the admin's pages answer too (not the sign-in redirect).
        const res = await fetch(`${site.origin}${url}`, { headers: { cookie }, redirect: "manual" });
        expect(res.status, url).toBe(404);
        // A page answers as a page (the 404 page, or the admin's "no page with this id"); a
        // resource route (an uploaded image, the feed) answers its own short 404.
        if (page) expect(await res.text(), url).toMatch(/^<!DOCTYPE html>/);
      }
    }
    // Every page route three times over: about 300 rendered 404 pages (8 s on a quiet machine).
  }, 120_000);

  it("answer one in the query string with 400 and a message", async () => {
    for (const { path } of pagePaths()) {
      const url = `${fill(path)}?q=%00`;
      const res = await fetch(`${site.origin}${url}`, { headers: { cookie }, redirect: "manual" });
      expect(res.status, url).toBe(400);
      expect(await res.text(), url).toBe(UNSTORABLE_TEXT_MESSAGES.query);
    }
    // A link with an old Latin-1 escape (an advert's tracking) still opens the page.
    expect((await fetch(`${site.origin}/suspended-ceilings?utm_term=caf%E9`)).status).toBe(200);
  });

  it("the estimate form signs a cleaned location, and an enquiry carrying it is stored", async () => {
    const res = await fetch(`${site.origin}/estimate`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin },
      body: new URLSearchParams({ item: "glass-partition", quantity: "10", location: "Naas\u0000\ud800" }),
    });
    expect(res.status).toBe(200);
    const id = decodeURIComponent(/href="\/book\?estimate=(e1\.[\w-]+\.[\w-]+)"/.exec(await res.text())![1]!);
    expect(readEstimateId(site.services.appSecret, id)).toMatchObject({ location: "Naas\uFFFD" });
    const lead = await callApi(site.origin, "POST", "/api/contact", {
      name: "Ciarán Walsh",
      email: "ciaran@walshpharmacy.ie",
      phone: "045 555 0101",
      service: "Partitions",
      message: "Please price the glass partition for our pharmacy office in Naas.",
      estimateId: id,
    });
    expect(lead.status).toBe(201);
  });
});
