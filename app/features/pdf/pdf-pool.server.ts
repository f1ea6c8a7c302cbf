import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Logger } from "pino";
import { lowerOtherThreads } from "~/background-priority.server";
import type { PdfRequest } from "./pdf-documents.server";
import builtPdfWorkerUrl from "./pdf-worker-url";

// Every PDF the product makes is built here, in a small pool of worker threads, never on the
// server's own thread: a document that throws (even in a library's asynchronous callback, where
// no `try` reaches and the whole process would die), hangs or runs out of memory costs its worker
// and that one request or e-mail; the server keeps answering while PDFs are built.

export type PdfPoolOptions = {
  /** Workers at most (each one a V8 isolate of its own: a few MB idle, its heap capped below). */
  maxThreads: number;
  /** A document not finished in this time fails; its worker is terminated and replaced. */
  taskTimeoutMs: number;
  /** An idle worker exits after this long, so an idle server holds none. */
  idleTimeoutMs: number;
  /** Each worker's V8 heap cap (old generation): a runaway document stops there, not the server. */
  workerMemoryMb: number;
  logger: Logger;
  /** The worker module; the PDF worker by default (tests give the pool a worker of their own). */
  workerFile?: URL;
};

export type PdfPool = {
  render(request: PdfRequest): Promise<Buffer>;
  /** Terminates the workers; a document being built fails. */
  close(): Promise<void>;
};

/** A PDF that could not be made: its document failed, hung or took its worker down. */
export class PdfError extends Error {
  override name = "PdfError";
}

/** The built worker (npm run build), else its TypeScript source, which runs through tsx. */
function defaultWorkerFile(): URL {
  return builtPdfWorkerUrl ? new URL(builtPdfWorkerUrl) : new URL("./pdf-worker.server.ts", import.meta.url);
}

export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const file = options.workerFile ?? defaultWorkerFile();
  const filename = fileURLToPath(file);
  // Fail at start, not at the first quote someone downloads.
  if (!fs.existsSync(filename)) throw new Error(`The PDF worker is missing at ${filename}: run "npm run build"`);
  const typescript = filename.endsWith(".ts");
  const pool = new Piscina<PdfRequest, Uint8Array>({
    filename: file.href,
    minThreads: 0,
    maxThreads: options.maxThreads,
    idleTimeout: options.idleTimeoutMs,
    resourceLimits: {
      maxOldGenerationSizeMb: options.workerMemoryMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.round(options.workerMemoryMb / 8)),
    },
    // The TypeScript source (development, tests) needs tsx's loader in the worker; the build does not.
    execArgv: typescript ? [...process.execArgv, "--import", "tsx"] : process.execArgv,
  });
  // A worker that dies between tasks is only logged; piscina starts another when one is needed.
  pool.on("error", (error: unknown) => options.logger.warn({ err: error }, "a PDF worker failed"));
  let closed = false;

  return {
    async render(request) {
      if (closed) throw new PdfError("The PDF workers are closed (the server is stopping)");
      const started = Date.now();
      try {
        // Aborting a running task terminates its worker; the pool replaces it for the next task.
        const running = pool.run(request, { signal: AbortSignal.timeout(options.taskTimeoutMs) });
        // A worker started for this task (piscina makes its thread within run()) is lowered now,
        // before its start-up (loading Node and the PDF code) would run at the event loop's priority.
        lowerOtherThreads();
        const bytes = await running;
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "AbortError";
        const reason = timedOut ? `not finished within ${options.taskTimeoutMs} ms` : "its document failed";
        options.logger.error({ err: error, kind: request.kind, ms: Date.now() - started }, `PDF not made: ${reason}`);
        throw new PdfError(`The PDF could not be made: ${reason}`, { cause: error });
      }
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

/** The one way to make a PDF: `renderPdf(services, { kind: "quote", data })`. */
export function renderPdf(services: { pdf: PdfPool }, request: PdfRequest): Promise<Buffer> {
  return services.pdf.render(request);
}
