import { buildPdf, type PdfRequest } from "./pdf-documents.server";

// The PDF worker thread's entry (piscina loads it: pdf-pool.server.ts). The SSR build emits it as
// build/server/pdf-worker.js (vite.config.ts); development and tests load this file through tsx.
// A document that throws, even inside a library's asynchronous callback where no `try` reaches,
// ends this thread only: the pool fails that one task and starts a fresh worker.

// A document is background work: the pool lowers this thread's CPU priority as it starts, before
// this module loads, so that the server's event loop comes first (background-priority.server.ts).

export default async function renderInWorker(request: PdfRequest): Promise<Uint8Array> {
  const pdf = await buildPdf(request);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
