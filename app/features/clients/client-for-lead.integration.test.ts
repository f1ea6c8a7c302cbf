import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, contactSubmissions } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { attachLeadToClient } from "./client-for-lead.server";
import { nextDocumentNumber } from "~/features/numbering/document-numbers.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

async function lead(name: string, email: string, phone: string | null) {
  const { db } = t.database;
  const [row] = await db
    .insert(contactSubmissions)
    .values({ name, email, phone, message: "Suspended ceiling for a shop unit in Swords." })
    .returning();
  const clientId = await db.transaction((tx) => attachLeadToClient(tx, row!));
  const [stored] = await db
    .select({ clientId: contactSubmissions.clientId })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, row!.id));
  expect(stored!.clientId).toBe(clientId);
  return clientId;
}

describe("attachLeadToClient", () => {
  it("joins the client with the lead's e-mail in any case or phone by its digits, else makes one", async () => {
    const first = await lead("Aoife Byrne", "Aoife@Byrne-Retail.ie", "(01) 555 0147");
    expect(await lead("Aoife Byrne", "aoife@byrne-retail.ie", null)).toBe(first);
    expect(await lead("A. Byrne", "shop@byrne-retail.ie", "01 555 0147")).toBe(first);
    const other = await lead("Declan Ward", "declan@wardoffices.ie", "087 123 4567");
    expect(other).not.toBe(first);
    const [made] = await t.database.db.select().from(clients).where(eq(clients.id, other));
    expect(made).toMatchObject({
      name: "Declan Ward",
      country: "IE",
      contacts: [{ name: "Declan Ward", email: "declan@wardoffices.ie", phone: "087 123 4567", role: "" }],
      matchEmails: ["declan@wardoffices.ie"],
      matchPhones: ["0871234567"],
    });
  });
});

describe("nextDocumentNumber", () => {
  it("numbers each series per year from 0001, and a rolled-back transaction gives its number back", async () => {
    const { db } = t.database;
    expect(await db.transaction((tx) => nextDocumentNumber(tx, "J", 2026))).toBe("J-2026-0001");
    expect(await db.transaction((tx) => nextDocumentNumber(tx, "INV", 2026))).toBe("INV-2026-0001");
    await expect(
      db.transaction(async (tx) => {
        await nextDocumentNumber(tx, "INV", 2026);
        throw new Error("the invoice could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    expect(await db.transaction((tx) => nextDocumentNumber(tx, "INV", 2026))).toBe("INV-2026-0002");
    expect(await db.transaction((tx) => nextDocumentNumber(tx, "J", 2027))).toBe("J-2027-0001");
  });
});
