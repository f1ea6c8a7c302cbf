import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactEvents, contactSubmissions, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { changeLead, type LeadChange, type TimelineChanges } from "./change-lead.server";
import { LEAD_MESSAGES } from "./lead-schema";

// The one writer of a lead's move: the rules every caller (pipeline, quotes, bookings, quarantine)
// now shares, tested where they are written.

let t: TestDatabase;
let staffId: number;
const STAFF = { userId: null as number | null, username: "orla" };

beforeAll(async () => {
  t = await createTestDatabase();
  const [staff] = await t.database.db
    .insert(users)
    .values({ username: "orla", password: "not-a-real-hash" })
    .returning();
  staffId = staff!.id;
  STAFF.userId = staffId;
});
afterAll(async () => {
  await t?.dispose();
});
beforeEach(async () => {
  await t.database.db.delete(contactSubmissions);
});

async function addLead(values: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A new shop ceiling please.", ...values })
    .returning();
  return row!;
}

const change = (
  id: number,
  c: Parameters<typeof changeLead>[2],
  event?: TimelineChanges,
): ReturnType<typeof changeLead> => t.database.db.transaction((tx) => changeLead(tx, id, c, STAFF, event));

const stored = async (id: number) =>
  (await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]!;
const events = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(contactEvents)
      .where(eq(contactEvents.submissionId, id))
      .orderBy(asc(contactEvents.id))
  ).map((e) => e.changes);

describe("changeLead", () => {
  it("keeps when the lead first left 'new', first reached 'quoted', and when it was last won", async () => {
    const lead = await addLead();
    await change(lead.id, { status: "contacted" });
    const contacted = await stored(lead.id);
    expect(contacted.contactedAt).toBeInstanceOf(Date);
    expect(contacted.quotedAt).toBeNull();

    // Back to "new" and on again (as a booking does for a "new" lead): the first contact stands.
    await change(lead.id, { status: "new" });
    await change(lead.id, (l) => (l.status === "new" ? { status: "contacted", assigneeId: staffId } : {}));
    const again = await stored(lead.id);
    expect(again.contactedAt).toEqual(contacted.contactedAt);
    expect(again.assigneeId).toBe(staffId);

    await change(lead.id, { status: "won", valueEur: 1200 });
    const won = await stored(lead.id);
    expect(won.quotedAt).toBeInstanceOf(Date);
    expect(won.wonAt).toBeInstanceOf(Date);
    await change(lead.id, { status: "lost", lostReason: "  Went with a cheaper quote  " });
    const lost = await stored(lead.id);
    expect(lost).toMatchObject({ wonAt: null, lostReason: "Went with a cheaper quote", quotedAt: won.quotedAt });
    // Leaving "lost" drops the reason.
    await change(lead.id, { status: "quoted" });
    expect((await stored(lead.id)).lostReason).toBeNull();
  });

  it("writes one timeline event with the caller's part and every field that changed", async () => {
    const lead = await addLead();
    const result = await change(lead.id, { status: "quoted", valueEur: 950 }, { quote: ["Q-2026-0007", "sent"] });
    expect(result.status).toBe("ok");
    // The caller's part alone when nothing else changed (a quote sent again); nothing at all for a read flag.
    await change(lead.id, { status: "quoted", valueEur: 950 }, { quote: ["Q-2026-0007", "sent again"] });
    await change(lead.id, { read: true });
    expect((await stored(lead.id)).readAt).toBeInstanceOf(Date);
    expect(await events(lead.id)).toEqual([
      { quote: ["Q-2026-0007", "sent"], status: ["new", "quoted"], valueEur: [null, 950] },
      { quote: ["Q-2026-0007", "sent again"] },
    ]);
  });

  it.each<[string, LeadChange, Record<string, string>]>([
    ["'lost' without a reason", { status: "lost", lostReason: " " }, { lostReason: LEAD_MESSAGES.lostReason }],
    ["an assignee who is not staff", { assigneeId: 999_999 }, { assigneeId: LEAD_MESSAGES.assigneeId }],
  ])("refuses %s and changes nothing", async (_, bad, fieldErrors) => {
    const lead = await addLead();
    expect(await change(lead.id, bad, { quote: ["Q-2026-0008", "declined"] })).toEqual({
      status: "invalid",
      fieldErrors,
    });
    expect(await stored(lead.id)).toEqual(lead);
    expect(await events(lead.id)).toEqual([]);
  });

  it("releases a lead from quarantine once, with the reason it was held on the timeline", async () => {
    const lead = await addLead({ spam: true, spamReason: "too-fast" });
    const release = (l: { spam: boolean }): LeadChange | null => (l.spam ? { spam: false } : null);
    expect((await change(lead.id, release)).status).toBe("ok");
    expect((await change(lead.id, release)).status).toBe("unchanged");
    expect((await stored(lead.id)).spam).toBe(false);
    expect(await events(lead.id)).toEqual([{ spam: ["too-fast", false] }]);
    expect(await change(lead.id + 1_000, { status: "contacted" })).toEqual({ status: "not-found" });
  });
});
