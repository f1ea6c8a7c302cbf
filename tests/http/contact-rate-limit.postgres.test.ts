import { afterAll, beforeAll, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

it("the contact rate limit holds across two servers sharing one PostgreSQL", async () => {
  await t.database.db.delete(rateLimits);
  const env = { CONTACT_RATE_LIMIT_POINTS: "3", RATE_LIMIT_FACTOR: "1" };
  const [a, b] = await Promise.all([serveBuiltApp(t.database, { env }), serveBuiltApp(t.database, { env })]);
  try {
    const send = (origin: string) =>
      fetch(`${origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Róisín Kavanagh",
          email: "roisin@example.ie",
          message: "Quote for office partitions, please.",
        }),
      });
    expect((await send(a.origin)).status).toBe(201);
    expect((await send(b.origin)).status).toBe(201);
    expect((await send(a.origin)).status).toBe(201);
    expect((await send(b.origin)).status).toBe(429);
    expect((await send(a.origin)).status).toBe(429);
  } finally {
    await a.close();
    await b.close();
  }
});
