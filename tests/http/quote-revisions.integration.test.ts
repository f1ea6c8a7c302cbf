import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactEvents, contactSubmissions, quoteAcceptances, quotes } from "~/db/schema";
import { callSite } from "../support/call-site";
import { attachmentsOf, pdfText } from "../support/mail-attachments";
import { deliverUntil } from "../support/smtp";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// Issue 34, item 5: a client is never bound to a quote they did not see. Once a quote is sent,
// every change staff make raises its revision and goes to the client as an updated quote (a change
// that is not sent is refused); an answer names the revision the client read, and an older one is
// refused with 409 and the page shows the version that stands.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

useMailingSite(
  {
    staff: { username: "niamh", password: "Quote-Writer-2026" },
    env: {
      RATE_LIMIT_FACTOR: "1000",
      SITE_URL: "https://www.example.ie",
      NOTIFY_EMAIL: "office@example.ie",
    },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const UPDATED = /This quote was updated after you opened it: it is now revision 2\. Please read the updated quote/;

const call = (method: string, path: string, body?: unknown, staff = true) =>
  callSite(
    site.origin,
    method,
    path,
    body,
    staff ? { cookie } : { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)" },
  );

// Quotes go out only once the owner has entered a real VAT number (the sample is refused).
beforeAll(async () => {
  expect((await call("PUT", "/api/admin/settings/business", { vatNumber: "IE 6388047V" })).status).toBe(200);
});

const LINES = [
  { description: "Glass partition, 6 m run", quantity: 6, unit: "m", unitPriceCents: 40_000, vatRate: 13.5 },
  { description: "Manifestation film", quantity: 1, unit: "item", unitPriceCents: 20_000, vatRate: 13.5 },
];

/** A quote sent to the client, its e-mail delivered. */
async function sentQuote() {
  const [lead] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A glass partition, please." })
    .returning();
  const created = await call("POST", `/api/admin/contacts/${lead!.id}/quotes`, { lines: LINES });
  expect(created.status).toBe(201);
  expect(created.body.revision).toBe(1);
  const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  await deliverUntil(site.services.outbox, smtp, 1);
  smtp.received.length = 0;
  return { lead: lead!, quote: sent.body, token: (sent.body.url as string).split("/q/")[1]! };
}

/** The sent quote with a higher price and a 50 % deposit. */
const dearer = (quote: { client: unknown; lines: Array<Record<string, unknown>>; validUntil: string }) => ({
  client: quote.client,
  lines: [{ ...quote.lines[0], unitPriceCents: 55_000 }, quote.lines[1]],
  vatMode: "standard",
  validUntil: quote.validUntil,
  depositPercent: 50,
  notes: "",
});

describe("changing a quote the client has", () => {
  it("is refused unless it is sent to them; sent, it is revision 2, e-mailed as updated with the PDF saying so", async () => {
    const { lead, quote } = await sentQuote();
    // €2,600 net + 13.5 % = €2,951.00 as sent; €3,500 net + 13.5 % = €3,972.50 after the change.
    expect(quote.totals.grossCents).toBe(295_100);

    const quiet = await call("PUT", `/api/admin/quotes/${quote.id}`, dearer(quote));
    expect(quiet.status).toBe(409);
    expect(quiet.body.message).toBe(
      `Quote ${quote.number} has been sent to the client, so a change must be sent to them too: save it with “Save and send update” (resend: true). Nothing was changed.`,
    );
    const unchanged = await call("GET", `/api/admin/quotes/${quote.id}`);
    expect(unchanged.body).toMatchObject({ revision: 1, depositPercent: 0, totals: { grossCents: 295_100 } });
    expect(smtp.received).toHaveLength(0);

    const resent = await call("PUT", `/api/admin/quotes/${quote.id}`, { ...dearer(quote), resend: true });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ revision: 2, depositPercent: 50, totals: { grossCents: 397_250 } });
    await deliverUntil(site.services.outbox, smtp, 1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["aoife@byrne-retail.ie"]);
    expect(mail.headers.subject).toBe(`Your quote ${quote.number} from IC Interiors has been updated`);
    expect(mail.body).toContain("this is revision 2, and it replaces the version we sent you before");
    expect(mail.body).toContain("Total: €3,972.50");
    expect(mail.body).toContain("Deposit on acceptance: €1,986.25 (50%)");
    const { text } = await pdfText(attachmentsOf(mail)[0]!.content);
    expect(text).toContain(`Quote number: ${quote.number}`);
    expect(text).toContain("Revision 2");
    expect(text).toContain("Deposit on acceptance (50%) €1,986.25");

    const events = await t.database.db.select().from(contactEvents).where(eq(contactEvents.submissionId, lead.id));
    expect(events.map((e) => e.changes.quote)).toContainEqual([quote.number, "updated (revision 2) and sent"]);
    expect((await call("GET", `/api/admin/quotes/${quote.id}`)).body.revision).toBe(2);
  });

  it("keeps a draft's revision at 1 however often it is saved", async () => {
    const [lead] = await t.database.db
      .insert(contactSubmissions)
      .values({ name: "Seán Kelly", email: "sean@kelly.ie", message: "Ceiling tiles." })
      .returning();
    const created = await call("POST", `/api/admin/contacts/${lead!.id}/quotes`, { lines: LINES });
    const saved = await call("PUT", `/api/admin/quotes/${created.body.id}`, dearer(created.body));
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(1);
  });
});

describe("the client's answer names the revision they read", () => {
  it("refuses accept and decline for an older or missing revision with 409 in words, and accepts the current one at its total", async () => {
    const { quote, token } = await sentQuote();
    const page = await call("GET", `/q/${token}`, undefined, false);
    expect(page.text).toContain('name="revision" value="1"');
    await call("PUT", `/api/admin/quotes/${quote.id}`, { ...dearer(quote), resend: true });

    for (const [path, body] of [
      ["accept", { name: "Aoife Byrne", agree: true, revision: 1 }],
      ["accept", { name: "Aoife Byrne", agree: true }],
      ["accept", { name: "Aoife Byrne", agree: true, revision: "two" }],
      ["decline", { reason: "Too dear", revision: 1 }],
      ["decline", {}],
    ] as const) {
      const refused = await call("POST", `/q/${token}/${path}`, body, false);
      expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(409);
      expect(refused.body.message).toMatch(UPDATED);
      expect(refused.body.revision).toBe(2);
    }
    expect(await t.database.db.$count(quoteAcceptances, eq(quoteAcceptances.quoteId, quote.id))).toBe(0);
    expect((await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe("viewed");

    const accepted = await call("POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true, revision: 2 }, false);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", revision: 2, totals: { grossCents: 397_250 } });
  });

  it("sends a form post for an older revision back to the page, which says so above the updated quote", async () => {
    const { quote, token } = await sentQuote();
    await call("PUT", `/api/admin/quotes/${quote.id}`, { ...dearer(quote), resend: true });
    const res = await fetch(`${site.origin}/q/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=accept&name=Aoife+Byrne&agree=true&revision=1",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/q/${token}?updated=2#answer`);
    const page = await call("GET", `/q/${token}?updated=2`, undefined, false);
    expect(page.text).toMatch(UPDATED);
    expect(page.text).toContain("€3,972.50");
    expect(page.text).toContain('name="revision" value="2"');
    expect((await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe("viewed");
  });
});
