import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { emailOutbox, type OutboxAttachment } from "~/db/schema";
import type { MailAttachment, MailTransport } from "./mailer.server";

export type OutboxOptions = {
  db: Db;
  /**
   * A fixed transport (null: mail not set up), or a source asked before each run (the server's
   * SMTP_URL, else the admin's settings, which may change while the server runs).
   */
  transport: MailTransport | null | { current(): Promise<MailTransport | null>; close(): void };
  logger: Logger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /**
   * Makes the files an e-mail carries (a quote's PDF; a handover pack and the job's documents) when
   * it is sent: the outbox stores only what to attach, never the bytes. Null: the thing is gone (its
   * enquiry was erased), so is the e-mail.
   */
  attachments?: (ref: OutboxAttachment) => Promise<MailAttachment | MailAttachment[] | null>;
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

const LEASE_MS = 120_000;
const LEASE = sql.raw(`now() + interval '${LEASE_MS / 1000} seconds'`);
/** Stop sending from a batch this long before its claim runs out. */
const LEASE_MARGIN_MS = 30_000;
const BATCH = 20;

/**
 * Whether a send failed because of the mail server (down, hanging, timing out, refusing for now
 * with a 4xx), not because of the message (a recipient or content it rejects for good: 5xx on
 * the envelope or the data). Other e-mails would fail the same way just now.
 */
export function isServerFault(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number" && responseCode >= 500 && (code === "EENVELOPE" || code === "EMESSAGE"))
    return false;
  return true;
}

/** What went wrong, for the outbox row: nodemailer's code (ETIMEDOUT, ECONNECTION…) and message. */
function errorText(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === "string" && message ? message : String(error);
  return (typeof code === "string" && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 500);
}

/** Exponential back-off: base, 2×base, 4×base… capped at one hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export type OutboxRow = typeof emailOutbox.$inferInsert;

/**
 * Queues an e-mail that stands for something's latest state (a visitor's booking invitation), at
 * most one per `intervalMs` for its `key`: while the last one is still waiting, it is rewritten
 * with the new state instead of adding another; once one has gone, the next waits until the
 * interval has passed since it was sent. `build` is told whether an earlier one was delivered (or
 * is being sent), so the words can say "changed" only to someone who heard the first. Calls for
 * one key take turns on a transaction-scoped lock, on every server.
 */
export async function queueCoalesced(
  tx: Db,
  key: string,
  intervalMs: number,
  build: (earlier: { delivered: boolean }) => Omit<OutboxRow, "dedupeKey" | "nextAttemptAt" | "status">,
  now = new Date(),
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox:${key}`}))`);
  const earlier = await tx
    .select({ id: emailOutbox.id, status: emailOutbox.status, sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, key))
    .orderBy(desc(emailOutbox.id));
  const last = earlier[0];
  const delivered = earlier.some((row) => row.status === "sent" || row.status === "sending");
  if (last?.status === "pending") {
    // Still waiting: rewrite it, unless a server claimed it meanwhile (this waits for that claim).
    const [rewritten] = await tx
      .update(emailOutbox)
      .set({ ...build({ delivered }), dedupeKey: key })
      .where(and(eq(emailOutbox.id, last.id), eq(emailOutbox.status, "pending")))
      .returning({ id: emailOutbox.id });
    if (rewritten) return;
  }
  // Gone, or going now: the next one waits out the interval from that send.
  const anchor = last?.status === "sent" ? last.sentAt : last && last.status !== "failed" ? now : null;
  const due = anchor ? new Date(Math.max(now.getTime(), anchor.getTime() + intervalMs)) : now;
  const mail = { ...build({ delivered: delivered || last?.status === "pending" }), dedupeKey: key };
  await tx.insert(emailOutbox).values({ ...mail, nextAttemptAt: due });
}

/**
 * Delivers queued notification e-mails. Every app server runs one; rows are claimed with
 * FOR UPDATE SKIP LOCKED plus a lease, so servers never send the same e-mail twice, and a server
 * that dies mid-send leaves its claim to expire and be retried by another.
 */
export function createOutbox({
  db,
  transport,
  logger,
  pollMs,
  retryBaseMs,
  maxAttempts,
  attachments,
}: OutboxOptions): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const currentTransport = async () => (transport && "current" in transport ? transport.current() : transport);

  async function processDue(): Promise<number> {
    const mailer = await currentTransport();
    // Not set up: every e-mail stays queued, untried, until it is.
    if (!mailer) return 0;
    const now = new Date();
    await giveUpExhausted(now);
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          or(
            and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)),
            and(eq(emailOutbox.status, "sending"), lt(emailOutbox.leaseUntil, now)),
          ),
          // Never a message whose attempts are used up (giveUpExhausted marks it failed).
          lt(emailOutbox.attempts, maxAttempts),
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
    const claimedAt = Date.now();
    const rows = claimed.sort((a, b) => a.id - b.id);
    for (const [index, row] of rows.entries()) {
      // Our claim is about to run out (a slow server took its time): hand the rest back rather
      // than risk another server claiming and sending them too.
      if (Date.now() - claimedAt > LEASE_MS - LEASE_MARGIN_MS) {
        await releaseUnsent(rows.slice(index), new Date());
        break;
      }
      let attachment: MailAttachment | MailAttachment[] | null = null;
      try {
        attachment = row.attachment && attachments ? await attachments(row.attachment) : null;
      } catch (error) {
        // The file it carries could not be made (a PDF that failed): this message's fault only.
        await failed([row], row.attempts, `The attachment could not be made: ${errorText(error)}`);
        continue;
      }
      try {
        await mailer.send({
          to: row.toAddress,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.bodyText,
          html: row.bodyHtml,
          ...(attachment ? { attachments: Array.isArray(attachment) ? attachment : [attachment] } : {}),
          icalEvent: row.icalEvent,
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
        // The server is down, hanging or refusing for now: the rest of the batch would only fail
        // the same way, one timeout after another. They share this attempt and its retry.
        const failedRows = isServerFault(error) ? rows.slice(index) : [row];
        await failed(failedRows, row.attempts, errorText(error));
        if (failedRows.length > 1) break;
      }
    }
    return sent;
  }

  /** Back in the queue after the retry delay, or failed for good once the attempts are used up. */
  async function failed(
    rows: Array<{ id: number; submissionId: number | null; attempts: number }>,
    attempt: number,
    message: string,
  ) {
    const delay = retryDelayMs(attempt, retryBaseMs);
    const last = sql`${emailOutbox.attempts} >= ${maxAttempts}`;
    await db
      .update(emailOutbox)
      .set({
        status: sql`case when ${last} then 'failed' else 'pending' end`,
        failedAt: sql`case when ${last} then now() else null end`,
        nextAttemptAt: new Date(Date.now() + delay),
        leaseUntil: null,
        lastError: message,
      })
      .where(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
      );
    for (const row of rows) {
      const giveUp = row.attempts >= maxAttempts;
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

  /**
   * Marks failed the messages whose attempts are used up but were never marked: a server that died
   * while sending one (its claim ran out), or a lower OUTBOX_MAX_ATTEMPTS. They are never claimed
   * again, so one poisoned message cannot take down every server that tries it, one after another.
   */
  async function giveUpExhausted(now: Date) {
    const given = await db
      .update(emailOutbox)
      .set({
        status: "failed",
        failedAt: now,
        leaseUntil: null,
        lastError: sql`coalesce(${emailOutbox.lastError}, ${"Sending stopped before it finished (the server stopped)"})`,
      })
      .where(
        and(
          sql`${emailOutbox.attempts} >= ${maxAttempts}`,
          or(
            eq(emailOutbox.status, "pending"),
            and(eq(emailOutbox.status, "sending"), lt(emailOutbox.leaseUntil, now)),
          ),
        ),
      )
      .returning({ id: emailOutbox.id, submissionId: emailOutbox.submissionId, attempts: emailOutbox.attempts });
    for (const row of given)
      logger.warn(
        { outboxId: row.id, submissionId: row.submissionId, attempts: row.attempts },
        "notification e-mail failed for good: its attempts are used up",
      );
  }

  /** Puts claimed e-mails that were not tried back in the queue, due at `at`. */
  async function releaseUnsent(rows: Array<{ id: number }>, at: Date) {
    if (rows.length === 0) return;
    await db
      .update(emailOutbox)
      .set({ status: "pending", attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: at, leaseUntil: null })
      .where(
        and(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
          eq(emailOutbox.status, "sending"),
        ),
      );
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
      if ("current" in transport)
        void transport.current().then(
          (mailer) => {
            if (!mailer)
              logger.warn(
                "mail is not set up (no SMTP_URL, nothing in the admin's Settings > Mail): e-mails are kept in the outbox and sent once it is",
              );
          },
          () => {},
        );
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
