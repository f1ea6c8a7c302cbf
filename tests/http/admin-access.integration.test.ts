import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import {
  API_ACCESS,
  apiRuleFor,
  notAllowedMessage,
  PAGE_ACCESS,
  PAGE_CONFIRM,
  ROLES,
  type AdminPage,
  type ApiRule,
  type Role,
} from "~/features/auth/access";
import { hashPassword } from "~/features/auth/password.server";
import { CONFIRM_MESSAGE } from "~/features/auth/require-admin.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The authorisation matrix, on the built server: every /api/admin route the app really mounts
// (walked from its Express router) against the access table, for each role and signed out, and
// every admin page per role. A route missing from the table fails here, as does a stale entry.
// Every call (and page form) the table marks dangerous refuses an owner's session that never
// confirmed its password with 403 { message, confirm: true }, and lets it through once confirmed.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const PASSWORD = "Access-Matrix-Tile-31";
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  const password = await hashPassword(PASSWORD);
  await t.database.db.insert(users).values(ROLES.map((role) => ({ username: `matrix-${role}`, password, role })));
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  for (const role of ROLES) cookies[role] = await signIn(site.origin, `matrix-${role}`, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every route of an Express router, nested routers included: "GET /api/admin/pages/:id". */
function routesOf(stack: Layer[]): Array<{ method: string; path: string }> {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((path) =>
        Object.keys(layer.route!.methods).map((m) => ({ method: m === "_all" ? "ALL" : m.toUpperCase(), path })),
      );
    }
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

const adminRoutes = () =>
  routesOf((site.app as Express & { router: { stack: Layer[] } }).router.stack).filter((r) =>
    r.path.startsWith("/api/admin"),
  );

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** A concrete request for a rule: ids that match no row (nothing is changed), an empty JSON body. */
function requestFor(rule: ApiRule) {
  const path = rule.path.replace(/:revisionId/g, "999998").replace(/:\w+/g, "999999");
  // "ALL": a method the path does not list (the router answers it, e.g. 405).
  const method = rule.method === "ALL" ? "PATCH" : rule.method;
  return { method, path, body: method === "GET" || method === "DELETE" ? undefined : {} };
}

describe("the access table", () => {
  it("lists every /api/admin route the server mounts, and nothing else", () => {
    const mounted = adminRoutes().map(key).sort();
    expect(mounted.length).toBeGreaterThan(50);
    const listed = API_ACCESS.map(key).sort();
    expect(
      mounted.filter((r) => !listed.includes(r)),
      "routes missing from API_ACCESS",
    ).toEqual([]);
    expect(
      listed.filter((r) => !mounted.includes(r)),
      "API_ACCESS entries with no route",
    ).toEqual([]);
  });

  it("finds each route's own rule for a concrete path (a literal segment beats a parameter)", () => {
    for (const rule of API_ACCESS) {
      const { path } = requestFor(rule);
      expect(apiRuleFor(rule.method === "ALL" ? "PATCH" : rule.method, path), key(rule)).toBe(rule);
    }
    expect(apiRuleFor("GET", "/api/admin/contacts/export.csv")?.path).toBe("/api/admin/contacts/export.csv");
    expect(apiRuleFor("GET", "/api/admin/users/count")?.roles).toEqual(["owner"]);
    expect(apiRuleFor("GET", "/api/admin/no-such-thing")).toBeNull();
  });
});

describe("every /api/admin route, for each role", () => {
  // Built from the table; the test above proves the table and the router are the same list.
  const cases = API_ACCESS.flatMap((rule) => ROLES.map((role) => [key(rule), role, rule] as const));

  it.each(cases)("%s as %s", async (_name, role, rule) => {
    const { method, path, body } = requestFor(rule);
    const answer = await callApi(site.origin, method, path, body, { cookie: cookies[role] });
    expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500);
    if (rule.roles.includes(role)) {
      // Past the role check: the handler answered (200, 204, 400, 404, 405...), or asked to confirm.
      expect(answer.body?.message ?? "").not.toBe(notAllowedMessage(role));
      expect(answer.status).not.toBe(401);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: notAllowedMessage(role) });
    }
  });

  it.each(API_ACCESS.map((rule) => [key(rule), rule] as const))("%s signed out → 401", async (_name, rule) => {
    const { method, path, body } = requestFor(rule);
    const answer = await callApi(site.origin, method, path, body);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Please sign in to continue." });
  });

  it("closes a path the table does not list to all but owners (owners get the 404)", async () => {
    for (const role of ["office", "editor", "crew"] as const)
      expect(
        (await callApi(site.origin, "GET", "/api/admin/nothing-here", undefined, { cookie: cookies[role] })).status,
      ).toBe(403);
    expect(
      (await callApi(site.origin, "GET", "/api/admin/nothing-here", undefined, { cookie: cookies.owner })).status,
    ).toBe(404);
  });
});

describe("every admin page, for each role", () => {
  const pages = Object.entries(PAGE_ACCESS).flatMap(([page, roles]) =>
    ROLES.map((role) => [page, role, roles.includes(role)] as const),
  );

  it.each(pages)("%s as %s", async (page, role, allowed) => {
    const res = await fetch(`${site.origin}${page.replace(":id", "999999")}`, {
      headers: { cookie: cookies[role] },
      redirect: "manual",
    });
    const html = await res.text();
    if (allowed && page === "/admin" && role === "crew") {
      // The crew's home is the list of their jobs.
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/my-jobs");
    } else if (allowed) {
      // A page id that matches no page: the editor's own 404, still past the role check.
      expect(res.status).toBe(page.includes(":id") ? 404 : 200);
      expect(html).not.toContain("Not available to your account");
    } else {
      expect(res.status).toBe(403);
      expect(html).toContain("Not available to your account");
      expect(html).toContain(notAllowedMessage(role));
    }
  });

  it("sends a signed-out visitor to the sign-in page from every admin page", async () => {
    for (const page of Object.keys(PAGE_ACCESS)) {
      const res = await fetch(`${site.origin}${page.replace(":id", "1")}`, { redirect: "manual" });
      expect(res.status, page).toBe(302);
      expect(res.headers.get("location"), page).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });

  it("shows each role only the menu entries and dashboard figures it may use", async () => {
    const menuOf = async (role: Role) => {
      const html = await (await fetch(`${site.origin}/admin`, { headers: { cookie: cookies[role] } })).text();
      return {
        contacts: html.includes('href="/admin/contacts"'),
        users: html.includes('href="/admin/users"'),
        pages: html.includes('href="/admin/pages"'),
        leadFigures: html.includes("lead-analytics-heading") && /Manage (<!-- -->)?Contact Submissions/.test(html),
      };
    };
    expect(await menuOf("owner")).toEqual({ contacts: true, users: true, pages: true, leadFigures: true });
    expect(await menuOf("office")).toEqual({ contacts: true, users: false, pages: true, leadFigures: true });
    expect(await menuOf("editor")).toEqual({ contacts: false, users: false, pages: true, leadFigures: false });
    // Crew land on My Jobs (the redirect is followed): no enquiries, users, pages or figures.
    expect(await menuOf("crew")).toEqual({ contacts: false, users: false, pages: false, leadFigures: false });
  });
});

describe("every dangerous call, with an owner's session that never confirmed", () => {
  /**
   * For a rule whose confirmation depends on the body: a body that makes it dangerous. A new
   * conditional rule fails the first test until it has one here.
   */
  const DANGEROUS_BODIES: Record<string, unknown> = {
    "PUT /api/admin/settings/two-factor": { required: false },
  };
  const marked = API_ACCESS.filter((rule) => rule.confirm);
  const requestOf = (rule: ApiRule) => {
    const request = requestFor(rule);
    return typeof rule.confirm === "function" ? { ...request, body: DANGEROUS_BODIES[key(rule)] } : request;
  };
  const confirmAsked = { message: CONFIRM_MESSAGE, confirm: true };

  it("covers the doors that were open, and every conditional rule has a dangerous body here", () => {
    const keys = marked.map(key);
    for (const door of [
      "PUT /api/admin/users/:id/email",
      "POST /api/admin/users",
      "PUT /api/admin/settings/business",
      "PUT /api/admin/settings/mail",
      "GET /api/admin/contacts/export.csv",
      "GET /api/admin/invoices/export.csv",
    ])
      expect(keys).toContain(door);
    for (const rule of marked.filter((r) => typeof r.confirm === "function"))
      expect(DANGEROUS_BODIES, key(rule)).toHaveProperty([key(rule)]);
    expect(PAGE_CONFIRM["/admin/account/two-factor"]).toEqual(["start", "confirm"]);
  });

  it.each(marked.map((rule) => [key(rule), rule] as const))("%s → 403 confirm: true", async (_name, rule) => {
    const { method, path, body } = requestOf(rule);
    const answer = await callApi(site.origin, method, path, body, { cookie: cookies.owner });
    expect([answer.status, answer.body]).toEqual([403, confirmAsked]);
  });

  it.each(Object.entries(PAGE_CONFIRM).flatMap(([page, intents]) => intents.map((intent) => [page, intent] as const)))(
    "the %s form %s → 403 until confirmed",
    async (page, intent) => {
      const res = await fetch(`${site.origin}${page}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.owner },
        body: new URLSearchParams({ intent, code: "123456" }),
        redirect: "manual",
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(CONFIRM_MESSAGE.replace("'", "&#x27;"));
      expect(PAGE_ACCESS[page as AdminPage]).toContain("owner");
    },
  );

  it("lets each of them through once the session confirmed its password", async () => {
    const confirmed = await signIn(site.origin, "matrix-owner", PASSWORD);
    await confirmSession(site.origin, confirmed, PASSWORD);
    for (const rule of marked) {
      const { method, path, body } = requestOf(rule);
      const answer = await callApi(site.origin, method, path, body, { cookie: confirmed });
      expect(answer.status, key(rule)).toBeLessThan(500);
      expect(answer.body?.confirm, key(rule)).toBeUndefined();
    }
    for (const [page, intents] of Object.entries(PAGE_CONFIRM))
      for (const intent of intents) {
        const res = await fetch(`${site.origin}${page}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: confirmed },
          body: new URLSearchParams({ intent, code: "123456" }),
          redirect: "manual",
        });
        // "start" begins a set-up (200); "confirm" with a made-up code is refused as a wrong code (400/409).
        expect([page, intent, res.status]).not.toEqual([page, intent, 403]);
        expect(res.status).toBeLessThan(500);
      }
  });
});
