import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  contactEvents,
  contactSubmissions,
  emailOutbox,
  quoteAcceptances,
  quoteReminders,
  quotes,
} from "~/db/schema";
import type { StoredEstimate } from "~/features/estimate/stored-estimate";
import { runQuoteReminders } from "~/features/quotes/quote-reminders.server";
import { callSite } from "../support/call-site";
import { attachmentsOf, pdfText } from "../support/mail-attachments";
import { deliverUntil } from "../support/smtp";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

const SITE_URL = "https://www.example.ie";
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin", year: "numeric" }).format(new Date());

useMailingSite(
  {
    staff: { username: "niamh", password: "Quote-Writer-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL, NOTIFY_EMAIL: "office@example.ie" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  callSite(site.origin, method, path, body, { cookie, ...headers });
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
/** The client on a phone: no staff cookie. An answer names the revision their page shows (1, never changed here). */
const client = (method: string, path: string, body?: unknown) =>
  call(method, path, /\/(accept|decline)$/.test(path) && body ? { revision: 1, ...body } : body, {
    cookie: "",
    "user-agent": PHONE,
  });

const estimate: StoredEstimate = {
  item: "basic-suspended-ceiling",
  itemLabel: "Basic suspended ceiling (grid and mineral tiles)",
  service: "Suspended Ceilings",
  unit: "m2",
  quantity: 120,
  options: [],
  location: "Naas",
  place: null,
  lowEur: 3600,
  highEur: 7200,
  currency: "EUR",
  inServiceArea: true,
  distanceKm: 30,
  estimatedAt: "2026-06-01T10:00:00.000Z",
};

async function addLead(values: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A new shop ceiling please.", ...values })
    .returning();
  return row!;
}

const LINES = [
  {
    description: "Suspended ceiling, grid and mineral tiles",
    quantity: 120,
    unit: "m²",
    unitPriceCents: 4_500,
    vatRate: 13.5,
  },
  { description: "LED panels supplied", quantity: 12, unit: "each", unitPriceCents: 8_500, vatRate: 23, goods: true },
  {
    description: "Out-of-hours working",
    quantity: 1,
    unit: "item",
    unitPriceCents: 60_000,
    vatRate: 13.5,
    optional: true,
    selected: false,
  },
];

async function sentQuote(extra: Record<string, unknown> = {}) {
  const lead = await addLead();
  const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, {
    lines: LINES,
    depositPercent: 25,
    ...extra,
  });
  expect(created.status).toBe(201);
  const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  const token = (sent.body.url as string).split("/q/")[1]!;
  return { lead, quote: sent.body, token };
}

describe("quotes on a lead (admin API)", () => {
  it("sends no quote while the VAT number it prints is still the sample, naming the setting", async () => {
    const lead = await addLead();
    const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    expect(created.status).toBe(201);
    const refused = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The VAT number in Settings → Business is still the sample IE3456789LH\./);
    const [row] = await t.database.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, created.body.id as number));
    expect(row).toMatchObject({ status: "draft", sentAt: null });
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.kind, "quote"))).toBe(0);
    // The owner enters the real number: from now on quotes go out, printing it.
    expect((await call("PUT", "/api/admin/settings/business", { vatNumber: "IE 6388047V" })).status).toBe(200);
  });

  it("starts a lead's quote from its estimate, numbers quotes per year across concurrent creates", async () => {
    const lead = await addLead({ estimate });
    const [a, b] = await Promise.all([
      call("POST", `/api/admin/contacts/${lead.id}/quotes`, {}),
      call("POST", `/api/admin/contacts/${lead.id}/quotes`),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const numbers = [a.body.number, b.body.number].sort();
    expect(numbers[0]).toMatch(new RegExp(`^Q-${year}-\\d{4}$`));
    expect(Number(numbers[1].slice(-4))).toBe(Number(numbers[0].slice(-4)) + 1);
    expect(a.body).toMatchObject({
      status: "draft",
      client: { name: "Aoife Byrne", company: "", email: "aoife@byrne-retail.ie", address: "Naas" },
      vatMode: "standard",
      depositPercent: 0,
      notes: "",
      lines: [
        {
          description: "Basic suspended ceiling (grid and mineral tiles)",
          quantity: 120,
          unit: "m²",
          unitPriceCents: 4_500, // the middle of €30–€60 per m²
          vatRate: 13.5,
          optional: false,
          selected: true,
          goods: false,
        },
      ],
      totals: {
        netCents: 540_000,
        vat: [{ rate: 13.5, netCents: 540_000, vatCents: 72_900 }],
        vatCents: 72_900,
        grossCents: 612_900,
        depositCents: 0,
      },
    });
    expect(a.body.lines[0].id).toEqual(expect.any(String));
    // Valid for 30 days by default.
    const days = (Date.parse(a.body.validUntil) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);
    // The client's link is random (24 base64url characters: 144 bits), not the id.
    expect(a.body.url).toMatch(new RegExp(`^${SITE_URL}/q/[A-Za-z0-9_-]{24}$`));
    expect(a.body.url).not.toBe(b.body.url);

    const list = await call("GET", "/api/admin/quotes?status=draft");
    expect(list.body.map((q: { number: string }) => q.number).sort()).toEqual(numbers);
    expect((await call("GET", "/api/admin/quotes?status=sent")).body).toEqual([]);
    expect((await call("GET", "/api/admin/quotes?status=nonsense")).status).toBe(400);
    expect((await call("POST", "/api/admin/contacts/999999/quotes", {})).status).toBe(404);
    expect((await client("GET", "/api/admin/quotes")).status).toBe(401);
  });

  it("refuses bad input with 400 naming the field, and stores nothing", async () => {
    const lead = await addLead();
    const before = await t.database.db.$count(quotes);
    const bad = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, {
      lines: [LINES[0], LINES[1], { ...LINES[0], vatRate: 21 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("lines.2.vatRate");
    expect(bad.body.fieldErrors).toEqual({ "lines.2.vatRate": "VAT rate must be 13.5, 23 or 0" });
    expect(await t.database.db.$count(quotes)).toBe(before);

    const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    const put = await call("PUT", `/api/admin/quotes/${created.body.id}`, {
      ...created.body,
      lines: [{ ...LINES[0], quantity: -2 }],
    });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.fieldErrors)).toEqual(["lines.0.quantity"]);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, created.body.id));
    expect(row!.lines).toHaveLength(3);
  });

  it("edits a draft, keeping line ids, and warns about the two-thirds rule without blocking", async () => {
    const lead = await addLead();
    const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    const ids = created.body.lines.map((l: { id: string }) => l.id);
    const put = await call("PUT", `/api/admin/quotes/${created.body.id}`, {
      client: { ...created.body.client, company: "Byrne Retail Ltd" },
      lines: [created.body.lines[1], { ...created.body.lines[0], unitPriceCents: 300 }],
      vatMode: "reverse-charge",
      validUntil: created.body.validUntil,
      depositPercent: 10,
      notes: "**Payment**: 30 days from invoice.",
    });
    expect(put.status).toBe(200);
    expect(put.body.lines.map((l: { id: string }) => l.id)).toEqual([ids[1], ids[0]]);
    // 12 × €85 goods against 120 × €3 work: goods are more than two-thirds.
    expect(put.body.warnings).toEqual([{ code: "two-thirds", message: expect.stringContaining("two-thirds rule") }]);
    expect(put.body.totals).toEqual({
      netCents: 138_000,
      vat: [],
      vatCents: 0,
      grossCents: 138_000,
      depositCents: 13_800,
    });
    expect((await call("GET", `/api/admin/quotes/${created.body.id}`)).body.client.company).toBe("Byrne Retail Ltd");
  });
});

describe("sending, the client's page and answers", () => {
  it("e-mails the client the link and the PDF, and moves the lead to quoted with the net value", async () => {
    const { lead, quote, token } = await sentQuote();
    expect(quote.status).toBe("sent");
    await deliverUntil(site.services.outbox, smtp, 1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["aoife@byrne-retail.ie"]);
    expect(mail.headers.subject).toBe(`Your quote ${quote.number} from IC Interiors`);
    expect(mail.body).toContain(`${SITE_URL}/q/${token}`);
    const [pdf] = attachmentsOf(mail);
    expect(pdf).toMatchObject({ contentType: "application/pdf", filename: `IC-Interiors-${quote.number}.pdf` });
    const { text } = await pdfText(pdf!.content);
    for (const words of [
      "IC Interiors",
      "VAT number: IE6388047V",
      `Quote number: ${quote.number}`,
      "Aoife Byrne",
      "Suspended ceiling, grid and mineral tiles",
      "€45.00",
      "13.5%",
      "€5,400.00",
      "(Optional: not included)",
      "VAT at 13.5% on €5,400.00",
      "VAT at 23% on €1,020.00",
      "Total including VAT €7,383.60",
      "Deposit on acceptance (25%) €1,845.90",
    ])
      expect(text).toContain(words);

    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row).toMatchObject({ status: "quoted", valueEur: 6_420 });
    const events = await t.database.db.select().from(contactEvents).where(eq(contactEvents.submissionId, lead.id));
    expect(events.map((e) => e.changes)).toEqual([
      { quote: [quote.number, "sent"], status: ["new", "quoted"], valueEur: [null, 6_420] },
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "quote.send"));
    expect(audit.at(-1)!.summary).toBe(`Sent quote ${quote.number} (enquiry #${lead.id})`);
    // Staff's PDF is the same document.
    const staffPdf = await fetch(`${site.origin}/api/admin/quotes/${quote.id}/pdf`, { headers: { cookie } });
    expect(staffPdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdfText(Buffer.from(await staffPdf.arrayBuffer()))).text).toContain(quote.number);
  });

  it("puts staff's covering note above the link, and refuses one too long with 400 naming message, sending nothing", async () => {
    const lead = await addLead();
    const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    const long = await call("POST", `/api/admin/quotes/${created.body.id}/send`, { message: "x".repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ message: "The covering note must be at most 2,000 characters" });
    const [draft] = await t.database.db.select().from(quotes).where(eq(quotes.id, created.body.id));
    expect(draft).toMatchObject({ status: "draft", sentAt: null });
    expect(await t.database.db.$count(emailOutbox)).toBe(0);

    const note = "Following our visit on Tuesday: the price includes the LED panels.\nNiamh";
    const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`, { message: note });
    expect(sent.status).toBe(200);
    await deliverUntil(site.services.outbox, smtp, 1);
    const body = smtp.received[0]!.body;
    expect(body).toContain(note);
    expect(body.indexOf(note)).toBeLessThan(body.indexOf(`${SITE_URL}/q/`));
  });

  it("prints the client's address lines joined with commas on the PDF and the client's page", async () => {
    const { quote, token } = await sentQuote({
      client: {
        name: "Aoife Byrne",
        company: "Byrne Retail",
        email: "aoife@byrne-retail.ie",
        address: "Unit 4\nNaas Road\nDublin 12\nD12 X285",
      },
    });
    const oneLine = "Unit 4, Naas Road, Dublin 12, D12 X285";
    await deliverUntil(site.services.outbox, smtp, 1);
    const [pdf] = attachmentsOf(smtp.received[0]!);
    expect((await pdfText(pdf!.content)).text).toContain(oneLine);
    const page = await client("GET", `/q/${token}`);
    expect(page.text).toContain(oneLine);
    const preview = await call("GET", `/admin/quotes/${quote.id}/preview`);
    expect(preview.text).toContain(oneLine);
  });

  it("shows the client's page privately, marks it viewed once and tells staff once", async () => {
    const { quote, token } = await sentQuote();
    await deliverUntil(site.services.outbox, smtp, 1);
    // Staff checking the link, and a mail scanner following it, are not the client's first view.
    expect((await call("GET", `/q/${token}`)).status).toBe(200);
    expect((await call("GET", `/q/${token}`, undefined, { cookie: "", "user-agent": "Googlebot/2.1" })).status).toBe(
      200,
    );
    expect((await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe("sent");
    const page = await client("GET", `/q/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.text).toContain(`Quote ${quote.number}`);
    expect(page.text).toContain("VAT number IE6388047V");
    expect(page.text).toContain("€7,383.60");
    await client("GET", `/q/${token}`);
    await deliverUntil(site.services.outbox, smtp, 2);
    expect(smtp.received[1]!.to).toEqual(["office@example.ie"]);
    expect(smtp.received[1]!.headers.subject).toBe(`Quote ${quote.number} opened by Aoife Byrne`);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("viewed");
    // Never from the page cache, and unknown or malformed tokens are 404.
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect((await client("GET", `/q/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await client("GET", `/q/${quote.id}`)).status).toBe(404);
    expect((await client("GET", `/q/${token.slice(0, -2)}xx/pdf`)).status).toBe(404);
    const sitemap = await client("GET", "/sitemap.xml");
    expect(sitemap.text).not.toContain("/q/");
    // A draft is not shown to anyone holding its link.
    const lead = await addLead();
    const draft = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    expect((await client("GET", new URL(draft.body.url).pathname)).status).toBe(404);
  });

  it("recalculates the totals for the ticked options without JavaScript", async () => {
    const { quote, token } = await sentQuote();
    const optional = quote.lines[2].id;
    const page = await client("GET", `/q/${token}?choose=1&selected=${optional}`);
    // +€600 at 13.5 %: net €7,020, VAT €891 + €234.60, gross €8,064.60
    expect(page.text).toContain("€8,064.60");
    expect(page.text).toContain(`name="selected" value="${optional}"`);
  });

  it("accepts with the typed name and the ticked options: locked, lead won, staff told, client confirmed with the stamped PDF", async () => {
    const { lead, quote, token } = await sentQuote();
    const optional = quote.lines[2].id;
    const drawn = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const signature = `data:image/png;base64,${drawn.toString("base64")}`;
    expect((await client("POST", `/q/${token}/accept`, { name: "Aoife Byrne", selected: [optional] })).status).toBe(
      400,
    );
    const bad = await client("POST", `/q/${token}/accept`, { name: "Aoife Byrne", selected: ["nope"], agree: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(["selected"]);

    const accepted = await client("POST", `/q/${token}/accept`, {
      name: "Aoife Byrne",
      selected: [optional],
      agree: true,
      signature,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", totals: { netCents: 702_000, grossCents: 806_460 } });
    expect((await client("POST", `/q/${token}/accept`, { name: "Someone Else", agree: true })).status).toBe(409);
    expect((await client("POST", `/q/${token}/decline`, { reason: "Changed my mind" })).status).toBe(409);
    const locked = await call("PUT", `/api/admin/quotes/${quote.id}`, { ...quote, lines: LINES });
    expect(locked.status).toBe(409);
    expect((await call("POST", `/api/admin/quotes/${quote.id}/send`)).status).toBe(409);

    const [record] = await t.database.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    // The drawn signature is stored decoded and re-encoded (tests/http/quote-pdf-safety.integration.test.ts).
    expect(record).toMatchObject({
      name: "Aoife Byrne",
      selected: [optional],
      signature: expect.stringMatching(/^data:image\/png;base64,/),
      ip: expect.any(String),
    });
    expect(record!.userAgent).toBeTruthy();
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row).toMatchObject({ status: "won", valueEur: 7_020 });
    expect(row!.wonAt).toBeInstanceOf(Date);

    // The quote e-mail, then staff's notice and the client's confirmation.
    await deliverUntil(site.services.outbox, smtp, 3);
    const staff = smtp.received.find((m) => m.to[0] === "office@example.ie")!;
    expect(staff.headers.subject).toBe(`Quote ${quote.number} accepted: €8,064.60`);
    const confirmation = smtp.received.find((m) => m.headers.subject === `Quote ${quote.number} accepted: thank you`)!;
    expect(confirmation.to).toEqual(["aoife@byrne-retail.ie"]);
    const { text } = await pdfText(attachmentsOf(confirmation)[0]!.content);
    expect(text).toMatch(/Accepted by Aoife Byrne on \d{1,2} \w+ \d{4}, (1?\d|2[0-3]):\d{2}\b/);
    expect(text).toContain("(Optional: included)");
    expect(text).toContain("Total including VAT €8,064.60");

    const page = await client("GET", `/q/${token}`);
    expect(page.text).toContain("Accepted by Aoife Byrne on");
    expect(page.text).not.toContain("Accept quote");

    // Staff's editor shows it read-only, with the acceptance record; the list files it under Accepted.
    const editor = await call("GET", `/admin/quotes/${quote.id}`);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain("Acceptance record");
    expect(editor.text).toMatch(/Accepted by<\/dt><dd[^>]*>Aoife Byrne<\/dd>/);
    expect(editor.text).toContain("Typed name and a drawn signature");
    expect(editor.text).toContain("Out-of-hours working: included");
    expect(editor.text).toContain("€8,064.60");
    expect(editor.text).not.toContain("Save quote");
    expect((await call("GET", "/admin/quotes?status=accepted")).text).toContain(quote.number);
    expect((await call("GET", "/admin/quotes?status=sent")).text).not.toContain(quote.number);
  });

  it("answers the page's own form post without JavaScript: the page again with the message, nothing stored", async () => {
    const { quote, token } = await sentQuote();
    const optional = quote.lines[2].id;
    const form = (fields: Record<string, string>) =>
      fetch(`${site.origin}/q/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": PHONE },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const res = await form({ intent: "accept", name: "  ", agree: "true", revision: "1", selected: optional });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = (await res.text()).replace(/<!-- -->/g, "");
    // The message beside its field, the summary above the form, the client's ticks kept.
    expect(html).toMatch(/id="accept-name"[^>]*aria-invalid="true"[^>]*aria-describedby="accept-name-error"/);
    expect(html).toContain(
      'id="accept-name-error" class="mt-1 text-sm text-red-800">Type your full name: it is your signature.</p>',
    );
    expect(html).toContain("Please check the highlighted fields.");
    expect(html).toContain(`<input type="hidden" name="selected" value="${optional}"/>`);
    expect(html).toContain("€8,064.60");
    expect(await t.database.db.$count(quoteAcceptances, eq(quoteAcceptances.quoteId, quote.id))).toBe(0);
    // Shown to the client (so viewed), not accepted.
    const [before] = await t.database.db.select().from(quotes).where(eq(quotes.token, token));
    expect(before).toMatchObject({ status: "viewed", acceptedAt: null });

    // The JSON API, for scripts, answers in the same words.
    const json = await client("POST", `/q/${token}/accept`, { name: "  ", agree: true });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      message: "Type your full name: it is your signature.",
      fieldErrors: { name: "Type your full name: it is your signature." },
    });
    const unticked = await client("POST", `/q/${token}/accept`, { name: "Aoife Byrne" });
    expect(unticked.body.fieldErrors).toEqual({ agree: "Tick the box to confirm you accept the quote." });
    // A form body is not the API's: it says where to send one.
    const notJson = await fetch(`${site.origin}/q/${token}/accept`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Aoife+Byrne&agree=true&revision=1",
    });
    expect(notJson.status).toBe(415);

    const ok = await form({ intent: "accept", name: "Aoife Byrne", agree: "true", revision: "1", selected: optional });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/q/${token}#answer`);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.token, token));
    expect(row).toMatchObject({ status: "accepted", grossCents: 806_460 });
    // Answered already: back to the page, which shows the acceptance.
    const again = await form({ intent: "decline", reason: "", revision: "1" });
    expect(again.status).toBe(303);
    expect((await client("GET", `/q/${token}`)).text.replace(/<!-- -->/g, "")).toContain("Accepted by Aoife Byrne");
  });

  it("declines through the page's own form without JavaScript", async () => {
    const { token } = await sentQuote();
    const res = await fetch(`${site.origin}/q/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=decline&reason=Too+dear&revision=1",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/q/${token}#answer`);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.token, token));
    expect(row).toMatchObject({ status: "declined", declineReason: "Too dear" });
  });

  it("declines with a reason: the lead is lost with it", async () => {
    const { lead, quote, token } = await sentQuote();
    const res = await client("POST", `/q/${token}/decline`, { reason: "Went with the landlord's contractor" });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row).toMatchObject({ status: "lost", lostReason: "Went with the landlord's contractor" });
    expect((await call("GET", `/api/admin/quotes/${quote.id}`)).body).toMatchObject({
      status: "declined",
      declineReason: "Went with the landlord's contractor",
    });
    const editor = await call("GET", `/admin/quotes/${quote.id}`);
    expect(editor.text).toContain("The client declined this quote, so it can no longer be changed.");
    expect(editor.text).toContain("Went with the landlord&#x27;s contractor");
  });

  it("refuses to accept after the validity date with 410 and the phone number", async () => {
    const { quote, token } = await sentQuote();
    await t.database.db.update(quotes).set({ validUntil: "2020-01-31" }).where(eq(quotes.id, quote.id));
    const res = await client("POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(
      "This quote expired on 31 January 2020. Please call us on 01 555 0192 and we will send you an up-to-date quote.",
    );
    expect((await client("GET", `/q/${token}`)).text).toContain("This quote expired on 31 January 2020");
    expect((await call("GET", "/api/admin/quotes?status=expired")).body.map((q: { id: number }) => q.id)).toContain(
      quote.id,
    );
  });
});

describe("staff screens", () => {
  it("previews a draft as the client will see it, without showing it to the client or marking it viewed", async () => {
    const lead = await addLead();
    const created = await call("POST", `/api/admin/contacts/${lead.id}/quotes`, { lines: LINES });
    const token = (created.body.url as string).split("/q/")[1]!;
    const preview = await call("GET", `/admin/quotes/${created.body.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    // The page's words, as read (the number is kept on one line by a span of its own).
    expect(preview.text.replace(/<[^>]+>/g, "")).toContain(`Quote ${created.body.number}`);
    expect(preview.text).toContain("It is a draft: the client cannot open their link until you send it.");
    expect((await client("GET", `/q/${token}`)).status).toBe(404);
    expect((await client("GET", `/admin/quotes/${created.body.id}/preview`)).status).toBe(302);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, created.body.id));
    expect(row).toMatchObject({ status: "draft", viewedAt: null });
    expect((await call("GET", "/admin/quotes/999999")).status).toBe(404);
  });
});

describe("reminders", () => {
  // Thursday 10:00 in Dublin (winter time = UTC) and the Saturday after.
  const thursday = new Date("2026-12-10T10:00:00Z");
  const saturday = new Date("2026-12-12T10:00:00Z");

  it("reminds on the configured days, weekdays in office hours only, once however many servers run it", async () => {
    const { lead, quote } = await sentQuote({ validUntil: "2027-01-31" });
    await deliverUntil(site.services.outbox, smtp, 1);
    await t.database.db
      .update(quotes)
      .set({ sentAt: new Date(thursday.getTime() - 3 * 86_400_000 - 60_000) })
      .where(eq(quotes.id, quote.id));

    expect(await runQuoteReminders(site.services, saturday)).toEqual({ status: "outside-hours" });
    expect(await runQuoteReminders(site.services, new Date("2026-12-10T19:00:00Z"))).toEqual({
      status: "outside-hours",
    });
    // Three servers at once: one reminder.
    const runs = await Promise.all([1, 2, 3].map(() => runQuoteReminders(site.services, thursday)));
    expect(runs.reduce((n, r) => n + (r.status === "done" ? r.sent : 0), 0)).toBe(1);
    expect(await runQuoteReminders(site.services, thursday)).toEqual({ status: "done", sent: 0 });
    await deliverUntil(site.services.outbox, smtp, 2);
    expect(smtp.received[1]!.headers.subject).toBe(`Reminder: your quote ${quote.number} from IC Interiors`);
    expect(smtp.received[1]!.body).toContain(`${SITE_URL}/q/`);

    // Day 7: the second; then no more.
    const day7 = new Date(thursday.getTime() + 4 * 86_400_000);
    expect(await runQuoteReminders(site.services, day7)).toEqual({ status: "done", sent: 1 });
    expect(await runQuoteReminders(site.services, new Date(day7.getTime() + 86_400_000))).toEqual({
      status: "done",
      sent: 0,
    });
    const claims = await t.database.db.select().from(quoteReminders).where(eq(quoteReminders.quoteId, quote.id));
    expect(claims.map((c) => [c.reminder, c.sent]).sort()).toEqual([
      [1, true],
      [2, true],
    ]);
    const events = await t.database.db.select().from(contactEvents).where(eq(contactEvents.submissionId, lead.id));
    expect(events.filter((e) => String(e.changes.quote?.[1]).startsWith("reminder"))).toHaveLength(2);
  });

  it("sends none once the quote is answered or past its validity", async () => {
    const answered = await sentQuote({ validUntil: "2027-01-31" });
    const expired = await sentQuote({ validUntil: "2026-12-31" });
    const longAgo = new Date(thursday.getTime() - 5 * 86_400_000);
    await t.database.db.update(quotes).set({ sentAt: longAgo });
    await t.database.db.update(quotes).set({ validUntil: "2026-12-09" }).where(eq(quotes.id, expired.quote.id));
    expect((await client("POST", `/q/${answered.token}/decline`, {})).status).toBe(200);
    expect(await runQuoteReminders(site.services, thursday)).toEqual({ status: "done", sent: 0 });
  });
});
