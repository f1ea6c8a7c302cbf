import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 27 item 7: the dashboard greets a first visit with "Welcome" (later ones "Welcome back")
// and lists the five latest enquiries, each opening the inbox's dialog.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const dashboard = async (cookie: string) =>
  (await fetch(`${site.origin}/admin`, { headers: { cookie } })).text().then((html) => html.replaceAll("<!-- -->", ""));

describe("the dashboard", () => {
  it("says Welcome on the first visit after registering, and Welcome back from the next sign-in on", async () => {
    const registered = await callApi(site.origin, "POST", "/api/auth/register", {
      username: "first.owner",
      password: "Ceiling-Grid-Ballymount",
    });
    expect(registered.status).toBe(201);
    const firstCookie = registered.headers.get("set-cookie")!.split(";")[0]!;
    const first = await dashboard(firstCookie);
    expect(first).toContain("Welcome, first.owner.");
    expect(first).not.toContain("Welcome back");
    const again = await dashboard(await signIn(site.origin, "first.owner", "Ceiling-Grid-Ballymount"));
    expect(again).toContain("Welcome back, first.owner.");
  });

  it("says Welcome on an added user's first sign-in", async () => {
    await t.database.db
      .insert(users)
      .values({ username: "new.estimator", password: await hashPassword("Partition-Track-90") });
    const html = await dashboard(await signIn(site.origin, "new.estimator", "Partition-Track-90"));
    expect(html).toContain("Welcome, new.estimator.");
  });

  it("greets by full name once one is set", async () => {
    await t.database.db.insert(users).values({
      username: "aoife",
      fullName: "Aoife Ní Dhonnchadha",
      password: await hashPassword("Baffle-Ceiling-77"),
    });
    const html = await dashboard(await signIn(site.origin, "aoife", "Baffle-Ceiling-77"));
    expect(html).toContain("Welcome, Aoife Ní Dhonnchadha.");
    expect(html).toContain("Signed in as Aoife Ní Dhonnchadha<");
  });

  it("lists the five latest enquiries (never spam), newest first, each linking to its inbox dialog", async () => {
    const base = Date.parse("2026-11-20T09:00:00Z");
    const rows = await t.database.db
      .insert(contactSubmissions)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          name: `Client ${i + 1}`,
          email: `client${i + 1}@example.ie`,
          message: "We need a suspended ceiling in a 120 m² office in Sandyford.",
          createdAt: new Date(base + i * 3_600_000),
          spam: i === 6, // the newest is held as spam
        })),
      )
      .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
    const html = await dashboard(await signIn(site.origin, "new.estimator", "Partition-Track-90"));
    const section = html.slice(html.indexOf("Latest enquiries"), html.indexOf("Follow-ups"));
    const listed = [...section.matchAll(/href="\/admin\/contacts\?lead=(\d+)"[^>]*>([^<]+)</g)].map((m) => [
      Number(m[1]),
      m[2],
    ]);
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    expect(listed).toEqual(
      ["Client 6", "Client 5", "Client 4", "Client 3", "Client 2"].map((name) => [byName.get(name), name]),
    );
  });
});
