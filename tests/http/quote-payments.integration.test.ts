import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, quoteAcceptances, quotes } from "~/db/schema";
import { pdfText } from "../support/mail-attachments";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// The payment schedule on a quote (issue 38, item 1): stored with the quote, refused when the
// deposit and stages miss 100 %, shown on the client's page and PDF, and accepted with the quote.

let t: MailingSite["t"];
let site: MailingSite["site"];
let cookie: string;

useMailingSite(
  {
    staff: { username: "niamh", password: "Quote-Writer-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL: "https://www.example.ie", NOTIFY_EMAIL: "office@example.ie" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, cookie } = m),
);

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${site.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = (await res.text()).replaceAll("<!-- -->", "");
  return {
    status: res.status,
    text,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
};

const LINES = [
  { description: "Suspended ceiling, grid and tiles", quantity: 100, unit: "m²", unitPriceCents: 4_500, vatRate: 13.5 },
];
const PAYMENTS = {
  depositPercent: 30,
  stages: [
    { label: "First fix", percent: 40 },
    { label: "On completion", percent: 30 },
  ],
  retentionPercent: 5,
  defectsMonths: 12,
};

async function newQuote(body: Record<string, unknown>) {
  const [lead] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A shop ceiling in Naas." })
    .returning();
  return call("POST", `/api/admin/contacts/${lead!.id}/quotes`, { lines: LINES, ...body });
}

describe("the payment schedule on a quote", () => {
  it("defaults to the deposit with the rest on completion, no retention and 12 months' defects", async () => {
    const created = await newQuote({ depositPercent: 25 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      depositPercent: 25,
      payments: {
        depositPercent: 25,
        stages: [{ label: "On completion", percent: 75 }],
        retentionPercent: 0,
        defectsMonths: 12,
      },
    });
  });

  it("refuses a schedule that misses 100% with 400 naming payments.stages, and stores nothing", async () => {
    const refused = await newQuote({ payments: { ...PAYMENTS, stages: PAYMENTS.stages.slice(0, 1) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: expect.any(String),
      fieldErrors: { "payments.stages": "The deposit and the stages must add up to 100% (now 70%)" },
    });
    expect(await t.database.db.select().from(quotes)).toHaveLength(0);

    const created = await newQuote({ payments: PAYMENTS });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const put = await call("PUT", `/api/admin/quotes/${id}`, {
      ...created.body,
      payments: { ...PAYMENTS, depositPercent: 20 },
      depositPercent: undefined,
    });
    expect(put.status).toBe(400);
    expect(put.body.fieldErrors).toEqual({
      "payments.stages": "The deposit and the stages must add up to 100% (now 90%)",
    });
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row).toMatchObject({ depositPercent: 30, payments: PAYMENTS });
  });

  it("keeps the deposit column equal to the schedule's when staff change the schedule", async () => {
    const created = await newQuote({ payments: PAYMENTS });
    const changed = { ...PAYMENTS, depositPercent: 10, stages: [{ label: "On completion", percent: 90 }] };
    const put = await call("PUT", `/api/admin/quotes/${created.body.id}`, {
      client: created.body.client,
      lines: created.body.lines,
      vatMode: "standard",
      validUntil: created.body.validUntil,
      payments: changed,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ depositPercent: 10, payments: changed, totals: { depositCents: 510_75 } });
  });

  it("is on the client's page and the PDF, and is accepted with the quote", async () => {
    expect((await call("PUT", "/api/admin/settings/business", { vatNumber: "IE 6388047V" })).status).toBe(200);
    const created = await newQuote({ payments: PAYMENTS });
    const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    const token = (sent.body.url as string).split("/q/")[1]!;
    const phone = { cookie: "" };

    // €4,500 + 13.5 % = €5,107.50: 30 % €1,532.25, 40 % €2,043.00, 30 % €1,532.25.
    const page = await call("GET", `/q/${token}`, undefined, phone);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Payment schedule");
    expect(page.text).toMatch(/Deposit on acceptance<\/th><td[^>]*>30%<\/td><td[^>]*>€1,532.25</);
    expect(page.text).toMatch(/First fix<\/th><td[^>]*>40%<\/td><td[^>]*>€2,043.00</);
    expect(page.text).toMatch(/On completion<\/th><td[^>]*>30%<\/td><td[^>]*>€1,532.25</);
    expect(page.text).toContain("5% retention held from each stage payment");

    const pdf = await fetch(`${site.origin}/q/${token}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("PAYMENT SCHEDULE");
    expect(text).toContain("First fix (40%)");
    expect(text).toContain("€2,043.00");
    expect(text).toContain("Defects period: 12 months from completion.");

    const accepted = await call("POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true, revision: 1 }, phone);
    expect(accepted.status).toBe(200);
    const [acceptance] = await t.database.db
      .select()
      .from(quoteAcceptances)
      .where(eq(quoteAcceptances.quoteId, created.body.id as number));
    expect(acceptance!.payments).toEqual(PAYMENTS);
    const view = await call("GET", `/api/admin/quotes/${created.body.id}`);
    expect(view.body.acceptance).toMatchObject({ payments: PAYMENTS });
  });
});
