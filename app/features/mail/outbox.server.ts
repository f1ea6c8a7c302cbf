import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { MailTransport } from "./mailer.server";

export type OutboxOptions = {
  db: Db;
  transport: MailTransport | null;
  logger: Logger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
};

export type Outbox = {
  /** Look for due e-mails soon (after a new one was queued). */
  kick(): void;
  start(): void;
  /** Stops polling and waits for a send in progress. */
  stop(): Promise<void>;
  /** Sends what is due now; returns how many were sent. Exposed for tests and the worker. */
  processDue(): Promise<number>;
};

const LEASE = sql`now() + interval '2 minutes'`;
const BATCH = 20;

/** Exponential back-off: base, 2×base, 4×base… capped at one hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Delivers queued notification e-mails. Every app server runs one; rows are claimed with
 * FOR UPDATE SKIP LOCKED plus a lease, so servers never send the same e-mail twice, and a server
 * that dies mid-send leaves its claim to expire and be retried by another.
 */
export function createOutbox({ db, transport, logger, pollMs, retryBaseMs, maxAttempts }: OutboxOptions): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function processDue(): Promise<number> {
    if (!transport) return 0;
    const now = new Date();
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)),
          and(eq(emailOutbox.status, "sending"), lt(emailOutbox.leaseUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, leaseUntil: LEASE })
      .where(inArray(emailOutbox.id, due))
      .returning();

    let sent = 0;
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await transport.send({
          to: row.toAddress,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.bodyText,
          html: row.bodyHtml,
        });
        await db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent++;
        logger.info(
          { outboxId: row.id, submissionId: row.submissionId, kind: row.kind, attempts: row.attempts },
          "e-mail sent",
        );
      } catch (error) {
        const message = (error as Error).message?.slice(0, 500) || String(error);
        const giveUp = row.attempts >= maxAttempts;
        const delay = retryDelayMs(row.attempts, retryBaseMs);
        await db
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + delay),
            leaseUntil: null,
            lastError: message,
          })
          .where(eq(emailOutbox.id, row.id));
        logger.warn(
          {
            outboxId: row.id,
            submissionId: row.submissionId,
            attempts: row.attempts,
            err: message,
            retryInMs: giveUp ? null : delay,
          },
          giveUp ? "notification e-mail failed for good" : "notification e-mail failed; will retry",
        );
      }
    }
    return sent;
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // Keep going while full batches come back: a backlog drains without waiting for the poll.
          while ((await processDue()) === BATCH && !stopped);
        } catch (error) {
          logger.error({ err: error }, "outbox run failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    kick: () => setImmediate(run),
    start() {
      if (!transport) {
        logger.warn(
          "mail is not configured (SMTP_URL is unset): notification e-mails are kept in the outbox and sent once it is set",
        );
        return;
      }
      stopped = false;
      timer = setInterval(run, pollMs);
      timer.unref();
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
    processDue,
  };
}
