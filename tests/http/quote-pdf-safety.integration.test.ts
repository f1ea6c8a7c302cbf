import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, emailOutbox, quoteAcceptances, quotes } from "~/db/schema";
import { callSite } from "../support/call-site";
import { poisonedSignature } from "../support/poisoned-png";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// Issue 34, item 1: a quote link must never take the server down. A drawn signature is decoded and
// stored re-encoded (or refused); a PDF that cannot be made fails its request or its e-mail only;
// an e-mail that has used up its attempts is marked failed, shown to staff and never claimed again.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

const MAX_ATTEMPTS = 2;

useMailingSite(
  {
    staff: { username: "niamh", password: "Quote-Writer-2026" },
    env: {
      RATE_LIMIT_FACTOR: "1000",
      NOTIFY_EMAIL: "office@example.ie",
      OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      OUTBOX_RETRY_BASE_MS: "10",
    },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  callSite(site.origin, method, path, body, { cookie, ...headers });
const client = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie: "" });

// Quotes go out only once the owner has entered a real VAT number (the sample is refused).
beforeAll(async () => {
  expect((await call("PUT", "/api/admin/settings/business", { vatNumber: "IE 6388047V" })).status).toBe(200);
});

async function sentQuote() {
  const [lead] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A new shop ceiling please." })
    .returning();
  const lines = [{ description: "Suspended ceiling", quantity: 120, unit: "m²", unitPriceCents: 4_500, vatRate: 13.5 }];
  const created = await call("POST", `/api/admin/contacts/${lead!.id}/quotes`, { lines });
  expect(created.status).toBe(201);
  const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  // The quote e-mail goes now, so each test counts only what follows.
  await expect
    .poll(async () => {
      await site.services.outbox.processDue();
      return t.database.db.$count(emailOutbox, eq(emailOutbox.status, "pending"));
    })
    .toBe(0);
  return { lead: lead!, quoteId: created.body.id as number, token: (sent.body.url as string).split("/q/")[1]! };
}

/** A signature as a browser's signature pad draws it: a big transparent canvas with a dark stroke. */
async function drawnSignature(width = 2400, height = 800) {
  const stroke = `<svg width="${width}" height="${height}"><path d="M40 ${height / 2} C 600 40, 1200 ${height - 40}, ${width - 40} ${height / 2}" stroke="#111" stroke-width="12" fill="none"/></svg>`;
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(stroke) }])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

const accept = (token: string, signature?: string) =>
  client("POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true, revision: 1, signature });

describe("a drawn signature", () => {
  it("is decoded and stored re-encoded: a small opaque PNG that fits the signature box", async () => {
    const { quoteId, token } = await sentQuote();
    const given = await drawnSignature();
    const accepted = await accept(token, given);
    expect(accepted.status).toBe(200);
    const [record] = await t.database.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId));
    const stored = record!.signature!;
    expect(stored).toMatch(/^data:image\/png;base64,/);
    expect(stored).not.toBe(given);
    const bytes = Buffer.from(stored.split(",")[1]!, "base64");
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 400, hasAlpha: false });
    // Its pixels are really there: the stroke is dark on a white page.
    const { channels } = await sharp(bytes).stats();
    expect(channels[0]!.min).toBeLessThan(64);
    expect(channels[0]!.max).toBe(255);
    // The accepted PDF carries it (made in the PDF workers).
    const pdf = await client("GET", `/q/${token}/pdf`);
    expect(pdf.status).toBe(200);
  });

  it("that does not decode is refused with 400 naming signature: nothing stored, the quote unchanged", async () => {
    const { lead, quoteId, token } = await sentQuote();
    const outboxBefore = await t.database.db.$count(emailOutbox);
    const refused = await accept(token, poisonedSignature());
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: "The signature image could not be read",
      fieldErrors: { signature: "The signature image could not be read" },
    });
    // The page's own form (no JavaScript) is answered with the page, the same words beside it.
    const form = await fetch(`${site.origin}/q/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "accept",
        name: "Aoife Byrne",
        agree: "true",
        revision: "1",
        signature: poisonedSignature(),
      }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("The signature image could not be read");

    expect(await t.database.db.$count(quoteAcceptances, eq(quoteAcceptances.quoteId, quoteId))).toBe(0);
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ status: "sent", acceptedAt: null });
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row!.status).not.toBe("won");
    expect(await t.database.db.$count(emailOutbox)).toBe(outboxBefore);
    // Still open: the client can accept with a signature that is an image, or none.
    expect((await accept(token)).status).toBe(200);
  });
});

describe("a PDF that cannot be made", () => {
  it("fails its download and its e-mail only; the e-mail is marked failed after its attempts and shown to staff", async () => {
    const { lead, quoteId, token } = await sentQuote();
    // Accepted before signatures were decoded, with one pdfkit's PNG decoder throws on inside zlib's
    // callback, where no try reaches (before the PDF workers, that ended the process), and the
    // client's confirmation queued with that PDF.
    await t.database.db
      .update(quotes)
      .set({ status: "accepted", acceptedAt: new Date() })
      .where(eq(quotes.id, quoteId));
    await t.database.db.insert(quoteAcceptances).values({
      quoteId,
      name: "Aoife Byrne",
      selected: [],
      totals: { netCents: 540_000, vat: [], vatCents: 0, grossCents: 540_000, depositCents: 0 },
      signature: poisonedSignature(),
    });
    await t.database.db.insert(emailOutbox).values({
      submissionId: lead.id,
      kind: "quote-accepted",
      toAddress: "aoife@byrne-retail.ie",
      subject: "Quote accepted: thank you",
      bodyText: "The accepted quote is attached.",
      attachment: { type: "quote-pdf", quoteId },
    });

    expect((await client("GET", `/q/${token}/pdf`)).status).toBe(500);
    expect((await client("GET", "/healthz")).status).toBe(200);

    // The client's confirmation carries that PDF: each attempt fails, then it is given up.
    const confirmation = and(eq(emailOutbox.submissionId, lead.id), eq(emailOutbox.kind, "quote-accepted"));
    await expect
      .poll(
        async () => {
          await site.services.outbox.processDue();
          const [row] = await t.database.db.select().from(emailOutbox).where(confirmation);
          return row?.status;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe("failed");
    const [failed] = await t.database.db.select().from(emailOutbox).where(confirmation);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, failedAt: expect.any(Date) });
    expect(failed!.lastError).toMatch(/^The attachment could not be made: The PDF could not be made/);
    expect(smtp.received.filter((m) => m.headers.subject === "Quote accepted: thank you")).toEqual([]);

    // Never claimed again by itself.
    await site.services.outbox.processDue();
    const [after] = await t.database.db.select().from(emailOutbox).where(confirmation);
    expect(after).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });

    // Staff see it: the dashboard's banner and the lead's timeline.
    const dashboard = await call("GET", "/admin");
    expect(dashboard.text).toContain("1 e-mail could not be sent");
    expect(dashboard.text).toContain(`href="/admin/contacts?lead=${lead.id}"`);
    const detail = await call("GET", `/api/admin/contacts/${lead.id}`);
    expect(detail.body.timeline).toContainEqual(
      expect.objectContaining({ type: "email-failed", to: "aoife@byrne-retail.ie", attempts: MAX_ATTEMPTS }),
    );
  });
});

describe("the outbox", () => {
  it("never claims a message that has used up its attempts: a server died sending it, so it is marked failed", async () => {
    const [lead] = await t.database.db
      .insert(contactSubmissions)
      .values({ name: "Ciarán Walsh", email: "ciaran@example.ie", message: "Office partitions." })
      .returning();
    // Claimed for its last attempt by a server that then died: its lease has run out.
    const [row] = await t.database.db
      .insert(emailOutbox)
      .values({
        submissionId: lead!.id,
        toAddress: "office@example.ie",
        subject: "New enquiry from Ciarán Walsh",
        bodyText: "…",
        status: "sending",
        attempts: MAX_ATTEMPTS,
        leaseUntil: new Date(Date.now() - 60_000),
      })
      .returning();
    expect(await site.services.outbox.processDue()).toBe(0);
    const [after] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, leaseUntil: null });
    expect(after!.failedAt).toBeInstanceOf(Date);
    expect(after!.lastError).toBe("Sending stopped before it finished (the server stopped)");
    expect(smtp.received).toHaveLength(0);

    const dashboard = await call("GET", "/admin");
    expect(dashboard.text).toContain("1 e-mail could not be sent");
    expect(dashboard.text).toContain("New enquiry from Ciarán Walsh");
    const detail = await call("GET", `/api/admin/contacts/${lead!.id}`);
    expect(detail.body.timeline.at(-1)).toMatchObject({
      type: "email-failed",
      subject: "New enquiry from Ciarán Walsh",
    });
  });
});
