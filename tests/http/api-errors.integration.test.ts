import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Every error answer of every API is JSON with the same shape: { message, fieldErrors? } (plus
// retryAfterSeconds on 429 and restart when a two-factor sign-in must start again), whatever
// refused the request: a handler, the JSON parser, the session check, the cross-site check, or
// an unexpected failure.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "ciara", password: await hashPassword("Shape-Of-Errors-12") });
  site = await serveBuiltApp(t.database);
  cookie = await signIn(site.origin, "ciara", "Shape-Of-Errors-12");
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

type Call = { method?: string; body?: string; type?: string; signedIn?: boolean; headers?: Record<string, string> };

async function call(path: string, { method = "GET", body, type, signedIn = false, headers = {} }: Call = {}) {
  const res = await fetch(`${site.origin}${path}`, {
    method,
    body,
    headers: { ...(type ? { "content-type": type } : {}), ...(signedIn ? { cookie } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), body: JSON.parse(text) as unknown };
}

const json = "application/json";
const broken = '{"name": "Aoife", ';
const big = (kb: number) => JSON.stringify({ message: "x".repeat(kb * 1024) });

describe("every API error is { message, fieldErrors? }", () => {
  const cases: Array<[string, string, Call, number, string, Record<string, string>?]> = [
    // The public lead APIs (these answered { error } before).
    [
      "contact: not JSON",
      "/api/contact",
      { method: "POST", body: "name=x", type: "text/plain" },
      415,
      "Send the enquiry as JSON with Content-Type: application/json.",
    ],
    [
      "contact: broken JSON",
      "/api/contact",
      { method: "POST", body: broken, type: json },
      400,
      "The request body is not valid JSON.",
    ],
    [
      "contact: too large",
      "/api/contact",
      { method: "POST", body: big(20), type: json },
      413,
      "The enquiry is too large (limit 16 KB).",
    ],
    [
      "contact: not an object",
      "/api/contact",
      { method: "POST", body: "[]", type: json },
      400,
      "The request body must be a JSON object with name, email, phone, service and message.",
    ],
    ["contact: GET", "/api/contact", {}, 405, "Use POST to send an enquiry."],
    ["chat lead: GET", "/api/chat-leads", {}, 405, "Use POST to send a lead."],
    [
      "chat lead: too large",
      "/api/chat-leads",
      { method: "POST", body: big(70), type: json },
      413,
      "The lead is too large (limit 64 KB).",
    ],
    // Sign-in.
    [
      "auth: not JSON",
      "/api/auth/login",
      { method: "POST", body: "x", type: "text/plain" },
      415,
      "Send JSON with Content-Type: application/json.",
    ],
    [
      "auth: broken JSON",
      "/api/auth/login",
      { method: "POST", body: broken, type: json },
      400,
      "The request body is not valid JSON.",
    ],
    ["auth: too large", "/api/auth/login", { method: "POST", body: big(5), type: json }, 413, "Request too large."],
    ["auth: not signed in", "/api/auth/user", {}, 401, "Not signed in."],
    // The admin API.
    ["admin: signed out", "/api/admin/faqs", {}, 401, "Please sign in to continue."],
    ["admin: unknown call", "/api/admin/nothing-here", { signedIn: true }, 404, "No such admin API call."],
    [
      "admin: broken JSON",
      "/api/admin/faqs",
      { method: "POST", body: broken, type: json, signedIn: true },
      400,
      "The request body is not valid JSON.",
    ],
    [
      "admin: not JSON",
      "/api/admin/faqs",
      { method: "POST", body: "x", type: "text/plain", signedIn: true },
      415,
      "Send JSON with Content-Type: application/json.",
    ],
    [
      "admin: no such row",
      "/api/admin/faqs/999",
      { signedIn: true },
      404,
      "There is no FAQ with this id. It may have been deleted.",
    ],
    // The enquiry PATCH has its own small parser: its refusals were plain text before.
    [
      "enquiry: broken JSON",
      "/api/admin/contacts/1",
      { method: "PATCH", body: broken, type: json, signedIn: true },
      400,
      "The request body is not valid JSON.",
    ],
    [
      "enquiry: too large",
      "/api/admin/contacts/1",
      { method: "PATCH", body: big(5), type: json, signedIn: true },
      413,
      "The request body is too large.",
    ],
    [
      "enquiry: bad value",
      "/api/admin/contacts/1",
      { method: "PATCH", body: '{"read":"yes"}', type: json, signedIn: true },
      400,
      'Send {"read": true} or {"read": false}.',
      { read: 'Send "read" as true or false' },
    ],
    // No such API, and a write from another site (plain text and the website's 404 page before).
    ["unknown API path", "/api/nothing-here", {}, 404, "No such API call."],
    [
      "cross-site write",
      "/api/contact",
      { method: "POST", body: "{}", type: json, headers: { "sec-fetch-site": "cross-site" } },
      403,
      "Cross-site requests are not allowed.",
    ],
  ];
  for (const [what, path, init, status, message, fieldErrors] of cases) {
    it(`${what}: ${status}`, async () => {
      const res = await call(path, init);
      expect(res.status).toBe(status);
      expect(res.type).toMatch(/^application\/json/);
      expect(res.body).toEqual(fieldErrors ? { message, fieldErrors } : { message });
    });
  }

  it("keeps field errors beside the message", async () => {
    const res = await call("/api/contact", { method: "POST", body: JSON.stringify({ name: "A" }), type: json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: "Please correct the highlighted fields.",
      fieldErrors: { name: "Name must be at least 2 characters" },
    });
    expect(Object.keys(res.body as object).sort()).toEqual(["fieldErrors", "message"]);
  });

  it("answers an unexpected failure as JSON too, without its details", async () => {
    await t.database.db.execute(sql`ALTER TABLE faqs RENAME TO faqs_away`);
    try {
      const res = await call("/api/admin/faqs", { signedIn: true });
      expect(res.status).toBe(500);
      expect(res.type).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: "Internal server error" });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE faqs_away RENAME TO faqs`);
    }
  });
});
