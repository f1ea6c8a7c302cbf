import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { backgroundNice } from "~/background-priority.server";
import { defaultBusiness } from "~/config";
import { defaultPaymentSchedule } from "~/features/quotes/payment-schedule";
import { quoteTotals } from "~/features/quotes/quote-totals";
import type { QuoteLine } from "~/features/quotes/quote-types";
import { pdfText } from "../../../tests/support/mail-attachments";
import { poisonedSignature } from "../../../tests/support/poisoned-png";
import type { PdfRequest } from "./pdf-documents.server";
import { createPdfPool, PdfError, renderPdf, type PdfPool, type PdfPoolOptions } from "./pdf-pool.server";

// The PDF worker pool: documents are built in worker threads, so one that throws where no `try`
// reaches, hangs or eats memory fails alone, and the next PDF is made by a fresh worker.

const logger = pino({ level: "silent" });
const pools: PdfPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(options: Partial<PdfPoolOptions> = {}) {
  const made = createPdfPool({
    maxThreads: 1,
    taskTimeoutMs: 15_000,
    idleTimeoutMs: 5_000,
    workerMemoryMb: 64,
    logger,
    ...options,
  });
  pools.push(made);
  return made;
}

const lines: QuoteLine[] = [
  {
    id: "a",
    description: "Suspended ceiling, 600×600 tiles",
    quantity: 120,
    unit: "m²",
    unitPriceCents: 3_450,
    vatRate: 13.5,
    optional: false,
    selected: true,
    goods: false,
  },
];

function quoteRequest(signature: string | null = null): PdfRequest {
  return {
    kind: "quote",
    data: {
      quote: {
        number: "Q-2026-0042",
        client: { name: "Aoife Byrne", company: "Byrne Retail", email: "aoife@example.ie", address: "Dublin 2" },
        lines,
        vatMode: "standard",
        validUntil: "2026-12-31",
        revision: 1,
        depositPercent: 0,
        payments: defaultPaymentSchedule(0),
        notes: "",
        totals: quoteTotals(lines, "standard", 0),
        createdAt: new Date("2026-11-20T10:00:00Z"),
        sentAt: new Date("2026-11-20T10:05:00Z"),
      },
      business: defaultBusiness,
      acceptance: { name: "Aoife Byrne", at: new Date("2026-11-25T12:00:00Z"), signature },
    },
  };
}

/** This process's threads (Linux: a thread's nice value is its own). */
const threadIds = () => fs.readdirSync("/proc/self/task");

const testWorker = pathToFileURL(path.resolve("tests/support/pdf-test-worker.mjs"));
const misbehaving = (kind: string) => ({ kind }) as unknown as PdfRequest;

// A worker's first start loads pdfkit (and, from the source, tsx compiles the builders): seconds on a busy machine.
describe("PDF worker pool", { timeout: 30_000 }, () => {
  it("makes a quote's PDF in a worker thread", async () => {
    const pdf = await renderPdf({ pdf: pool() }, quoteRequest());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await pdfText(pdf);
    expect(text).toContain("Q-2026-0042");
    expect(text).toContain("Accepted by Aoife Byrne");
  });

  it("builds documents below the event loop's CPU priority: the worker thread lowered, the main thread as it was", async () => {
    const before = new Set(threadIds());
    const pdfs = pool();
    await renderPdf({ pdf: pdfs }, quoteRequest());
    // The worker is kept until it has been idle for a while (idleTimeoutMs): it is still there.
    const started = threadIds().filter((tid) => !before.has(tid));
    expect(started.length).toBeGreaterThan(0);
    for (const tid of started) expect(os.getPriority(Number(tid))).toBe(backgroundNice());
    expect(backgroundNice()).toBeGreaterThan(0);
    expect(os.getPriority(process.pid)).toBe(0);
  });

  it("fails only the one PDF whose signature pdfkit's decoder throws on, and makes the next one", async () => {
    const pdfs = pool();
    await expect(pdfs.render(quoteRequest(poisonedSignature()))).rejects.toBeInstanceOf(PdfError);
    const next = await pdfs.render(quoteRequest());
    expect((await pdfText(next)).text).toContain("Q-2026-0042");
  });

  it("fails a document that throws in a callback no try reaches, and keeps serving", async () => {
    const pdfs = pool({ workerFile: testWorker });
    await expect(pdfs.render(misbehaving("throw-later"))).rejects.toThrow(/could not be made: its document failed/);
    expect(Buffer.from(await pdfs.render(misbehaving("fine"))).toString()).toMatch(/^%PDF fine/);
  });

  it("terminates a hung document at the time limit and replaces its worker", async () => {
    // The limit also covers starting the replacement worker for the next document (a fresh
    // thread loading pdfkit): 3 s leaves room for that on a loaded 2-core machine.
    const pdfs = pool({ workerFile: testWorker, taskTimeoutMs: 3_000 });
    const started = Date.now();
    await expect(pdfs.render(misbehaving("hang"))).rejects.toThrow(/not finished within 3000 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(Buffer.from(await pdfs.render(misbehaving("fine"))).toString()).toMatch(/^%PDF fine/);
  });

  it("stops a document at the worker's memory cap, not the server's", async () => {
    const pdfs = pool({ workerFile: testWorker, workerMemoryMb: 16 });
    await expect(pdfs.render(misbehaving("memory"))).rejects.toBeInstanceOf(PdfError);
    expect(Buffer.from(await pdfs.render(misbehaving("fine"))).toString()).toMatch(/^%PDF fine/);
  });

  it("refuses new work once closed", async () => {
    const pdfs = pool({ workerFile: testWorker });
    await pdfs.close();
    await expect(pdfs.render(misbehaving("fine"))).rejects.toThrow(/closed/);
  });
});
