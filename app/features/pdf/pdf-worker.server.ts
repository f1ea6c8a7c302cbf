import os from "node:os";
import { buildPdf, type PdfRequest } from "./pdf-documents.server";
import { PDF_WORKER_NICE } from "./pdf-worker-priority";

// The PDF worker thread's entry (piscina loads it: pdf-pool.server.ts). The SSR build emits it as
// build/server/pdf-worker.js (vite.config.ts); development and tests load this file through tsx.
// A document that throws, even inside a library's asynchronous callback where no `try` reaches,
// ends this thread only: the pool fails that one task and starts a fresh worker.

// A PDF is a download or an attachment, never what a visitor is waiting on to see a page: this thread
// gives way to the server's own when both want a core. On Linux a thread has a priority of its own,
// and setpriority for "this process" (pid 0) sets the calling thread's only; elsewhere it would lower
// the whole server, so it is left alone there.
if (process.platform === "linux") os.setPriority(PDF_WORKER_NICE);

export default async function renderInWorker(request: PdfRequest): Promise<Uint8Array> {
  const pdf = await buildPdf(request);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
