import { execFileSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactEvents, emailOutbox, invoices } from "~/db/schema";
import { REVERSE_CHARGE_NOTE } from "~/features/quotes/quote-types";
import { validateEn16931 } from "../support/en16931/validate";
import { insertTestInvoice, TEST_BUYER, TEST_PRINCIPAL, testDocuments } from "../support/invoice-fixture";
import { insertTestJob } from "../support/jobs-fixture";
import { attachmentsOf } from "../support/mail-attachments";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// Sending an invoice (issue 38, item 3): POST /api/admin/invoices/:id/send e-mails the client
// through the outbox with the PDF and the UBL e-invoice attached; the client's page /i/:token
// (secret, noindex, no-store) shows it with the balance, how to pay and the downloads.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

useMailingSite(
  {
    staff: { username: "orla", password: "Invoice-Sender-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL: "https://www.example.ie", NOTIFY_EMAIL: "office@example.ie" },
    from: "IC Interiors <accounts@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const call = async (method: string, path: string, body?: unknown, withCookie = true) => {
  const res = await fetch(`${site.origin}${path}`, {
    method,
    headers: {
      ...(withCookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8").replaceAll("<!-- -->", "");
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
};

const BANK = { accountName: "IC Interiors Ltd", iban: "IE29 AIBK 9311 5212 3456 78", bic: "AIBKIE2D" };
const setBusiness = async (patch: Record<string, unknown>) =>
  expect((await call("PUT", "/api/admin/settings/business", patch)).status).toBe(200);
const pdfText = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");
const docs = testDocuments();

/** The e-invoices the e-mails carried, validated by the last test (Saxon holds this process's event loop). */
const attached: Record<string, string> = {};

/** Sends every queued e-mail now and answers what the SMTP sink received. */
async function deliver() {
  await expect
    .poll(
      async () => {
        await site.services.outbox.processDue();
        return smtp.received.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return smtp.received;
}

describe("POST /api/admin/invoices/:id/send", () => {
  it("refuses while the VAT number is the sample, naming the setting, and queues nothing", async () => {
    const row = await insertTestInvoice(t.database.db, { doc: docs.standard, number: "INV-2026-0101" });
    const refused = await call("POST", `/api/admin/invoices/${row.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("The VAT number in Settings → Business is still the sample");
    expect(await t.database.db.$count(emailOutbox)).toBe(0);
  });

  it("e-mails the client the PDF and the e-invoice, sets sentAt and notes it on the lead's timeline", async () => {
    await setBusiness({ vatNumber: "IE 6388047V", bank: BANK });
    const db = t.database.db;
    const { job, leadId, clientId } = await insertTestJob(db, {
      withLead: true,
      title: "Shop ceiling, Grafton Street",
    });
    const invoice = await insertTestInvoice(db, {
      doc: docs.mixedStage,
      number: "INV-2026-0102",
      clientId,
      jobId: job.id,
    });
    const credit = await insertTestInvoice(db, {
      doc: docs.credit,
      number: "CN-2026-0101",
      clientId,
      buyer: TEST_PRINCIPAL,
      creditsInvoiceId: invoice.id,
      reason: "Out-of-hours labour not needed",
    });

    const sent = await call("POST", `/api/admin/invoices/${invoice.id}/send`, {
      message: "Thanks for a smooth first fix.",
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({
      id: invoice.id,
      number: "INV-2026-0102",
      status: "issued",
      balanceCents: docs.mixedStage.totals.grossCents,
      clientLink: `https://www.example.ie/i/${invoice.token}`,
      sentTo: TEST_BUYER.email,
    });
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored!.sentAt).toBeInstanceOf(Date);
    expect(new Date(sent.body.sentAt).getTime()).toBe(stored!.sentAt!.getTime());
    const events = await db.select().from(contactEvents).where(eq(contactEvents.submissionId, leadId!));
    expect(events.map((e) => e.changes)).toContainEqual({ invoice: ["INV-2026-0102", `sent to ${TEST_BUYER.email}`] });
    expect(events.find((e) => "invoice" in e.changes)?.username).toBe("orla");

    const [mail] = await deliver();
    expect(mail!.to).toEqual([TEST_BUYER.email]);
    expect(mail!.headers.subject).toBe("Invoice INV-2026-0102 from IC Interiors: €2,556.04 due 20 December 2026");
    expect(mail!.body).toContain("Thanks for a smooth first fix.");
    expect(mail!.body).toContain("Amount due: €2,556.04");
    expect(mail!.body).toContain("Due by: 20 December 2026");
    expect(mail!.body).toContain("Payment reference: INV-2026-0102");
    expect(mail!.body).toContain(`https://www.example.ie/i/${invoice.token}`);
    expect(mail!.body).toContain("Shop ceiling, Grafton Street");

    const files = attachmentsOf(mail!);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ["INV-2026-0102.pdf", "application/pdf"],
      ["INV-2026-0102.xml", "application/xml"],
    ]);
    const text = pdfText(files[0]!.content);
    expect(text).toContain("Invoice number: INV-2026-0102");
    expect(text).toContain("IBAN: IE29 AIBK 9311 5212 3456 78");
    expect(text).toContain(`Job: ${job.number}`);
    const xml = files[1]!.content.toString("utf8");
    expect(xml).toContain("<cbc:ID>INV-2026-0102</cbc:ID>");
    expect(xml).toContain("<cbc:ID>IE29AIBK93115212345678</cbc:ID>");

    // The credit note, to the principal: its e-invoice is a CreditNote pointing at the invoice.
    smtp.received.length = 0;
    expect((await call("POST", `/api/admin/invoices/${credit.id}/send`)).status).toBe(202);
    const [creditMail] = await deliver();
    expect(creditMail!.to).toEqual([TEST_PRINCIPAL.email]);
    expect(creditMail!.headers.subject).toBe("Credit note CN-2026-0101 from IC Interiors");
    expect(creditMail!.body).toContain("There is nothing to pay on it.");
    const [creditPdf, creditXml] = attachmentsOf(creditMail!);
    expect(creditPdf!.filename).toBe("CN-2026-0101.pdf");
    expect(pdfText(creditPdf!.content)).toContain("Credit note against invoice INV-2026-0102 of 20 November 2026");
    expect(creditXml!.filename).toBe("CN-2026-0101.xml");
    const creditUbl = creditXml!.content.toString("utf8");
    expect(creditUbl).toContain("<CreditNote ");
    expect(creditUbl).toContain("<cac:InvoiceDocumentReference><cbc:ID>INV-2026-0102</cbc:ID>");

    attached.invoice = xml;
    attached.credit = creditUbl;
  }, 120_000);

  it("refuses a draft (issue it first) and a client with no e-mail with 409, and a long note with 400", async () => {
    await setBusiness({ vatNumber: "IE 6388047V" });
    const db = t.database.db;
    const draft = await insertTestInvoice(db, { doc: docs.standard, number: "unused", status: "draft" });
    const drafted = await call("POST", `/api/admin/invoices/${draft.id}/send`);
    expect(drafted.status).toBe(409);
    expect(drafted.body.message).toBe("This invoice is still a draft: issue it first, then send it.");

    const noEmail = await insertTestInvoice(db, {
      doc: docs.standard,
      number: "INV-2026-0103",
      buyer: { ...TEST_BUYER, email: "" },
    });
    const refused = await call("POST", `/api/admin/invoices/${noEmail.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("The client has no e-mail address on this invoice");

    const issued = await insertTestInvoice(db, { doc: docs.standard, number: "INV-2026-0104" });
    const long = await call("POST", `/api/admin/invoices/${issued.id}/send`, { message: "x".repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ message: "The covering note must be at most 2,000 characters" });
    expect((await call("POST", "/api/admin/invoices/999999/send")).status).toBe(404);
    expect((await call("POST", `/api/admin/invoices/${issued.id}/send`, undefined, false)).status).toBe(401);

    expect(await db.$count(emailOutbox)).toBe(0);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(after!.sentAt).toBeNull();
  });
});

describe("the invoice's PDF for staff", () => {
  it("GET /api/admin/invoices/:id/pdf answers the PDF of an issued invoice, 409 for a draft", async () => {
    const db = t.database.db;
    const row = await insertTestInvoice(db, { doc: docs.reverse, number: "INV-2026-0105", buyer: TEST_PRINCIPAL });
    const pdf = await call("GET", `/api/admin/invoices/${row.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(pdf.bytes)).toContain(REVERSE_CHARGE_NOTE);
    const draft = await insertTestInvoice(db, { doc: docs.standard, number: "unused", status: "draft" });
    expect((await call("GET", `/api/admin/invoices/${draft.id}/pdf`)).status).toBe(409);
    expect((await call("GET", `/api/admin/invoices/${row.id}/pdf`, undefined, false)).status).toBe(401);
  });
});

describe("the client's page /i/:token", () => {
  it("shows the balance, how to pay and the downloads; private and never cached", async () => {
    await setBusiness({ vatNumber: "IE 6388047V", bank: BANK });
    const db = t.database.db;
    const row = await insertTestInvoice(db, {
      doc: docs.standard,
      number: "INV-2026-0106",
      paidCents: 50_000,
      status: "part-paid",
    });
    const page = await call("GET", `/i/${row.token}`, undefined, false);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const owed = docs.standard.totals.grossCents - 50_000;
    const euro = (c: number) => `€${Math.floor(c / 100).toLocaleString("en-IE")}.${String(c % 100).padStart(2, "0")}`;
    expect(page.text).toContain(`Part paid — ${euro(owed)} still to pay by 20 December 2026`);
    expect(page.text).toContain("€500.00");
    expect(page.text).toContain("IE29 AIBK 9311 5212 3456 78");
    expect(page.text).toContain("AIBKIE2D");
    expect(page.text).toContain("INV-2026-0106");
    // The seller's VAT number as frozen at issue ("IE 6388047V"), printed compact as everywhere.
    expect(page.text).toContain("VAT number: IE6388047V");
    expect(page.text).toContain(`href="/i/${row.token}/pdf"`);
    expect(page.text).toContain(`href="/i/${row.token}/ubl.xml"`);

    const pdf = await call("GET", `/i/${row.token}/pdf`, undefined, false);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(pdfText(pdf.bytes)).toContain("Invoice number: INV-2026-0106");
    expect(pdfText(pdf.bytes)).toContain("VAT number: IE6388047V");
    const ubl = await call("GET", `/i/${row.token}/ubl.xml`, undefined, false);
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(ubl.headers.get("content-disposition")).toBe('attachment; filename="INV-2026-0106.xml"');
    expect(ubl.text).toContain("<cbc:ID>INV-2026-0106</cbc:ID>");
  });

  it("reads Paid — thank you once paid, and asks for nothing on a credit note", async () => {
    const db = t.database.db;
    const paid = await insertTestInvoice(db, {
      doc: docs.standard,
      number: "INV-2026-0107",
      status: "paid",
      paidCents: docs.standard.totals.grossCents,
    });
    const page = await call("GET", `/i/${paid.token}`, undefined, false);
    expect(page.text).toContain("Paid — thank you");
    expect(page.text).not.toContain("How to pay");
    const credit = await insertTestInvoice(db, { doc: docs.credit, number: "CN-2026-0102", creditsInvoiceId: paid.id });
    const creditPage = await call("GET", `/i/${credit.token}`, undefined, false);
    expect(creditPage.text).toContain("Credit note — nothing to pay");
    expect(creditPage.text).toContain("INV-2026-0107");
  });

  it("answers 404 for a draft, an unknown token and a short one, pages and files alike", async () => {
    const draft = await insertTestInvoice(t.database.db, { doc: docs.standard, number: "unused", status: "draft" });
    for (const token of [draft.token, "A".repeat(24), "short"])
      for (const suffix of ["", "/pdf", "/ubl.xml"]) {
        const res = await call("GET", `/i/${token}${suffix}`, undefined, false);
        expect(res.status, `${token}${suffix}`).toBe(404);
        expect(res.headers.get("cache-control"), `${token}${suffix}`).toBe("no-store");
      }
  });
});

// Last: the schematron runs synchronously for a while, and no request may wait on the server meanwhile.
describe("the e-invoices the e-mails carried", () => {
  it("pass the official EN 16931 UBL schematron with no fatal failed assertion", () => {
    expect(Object.keys(attached)).toEqual(["invoice", "credit"]);
    const results = validateEn16931(attached);
    for (const name of Object.keys(attached))
      expect(
        results[name]!.failed.filter((f) => f.flag === "fatal"),
        name,
      ).toEqual([]);
  }, 180_000);
});
