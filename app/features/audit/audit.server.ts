import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AuditAction } from "./audit-actions";

/** Who acted: a signed-in user, or (for a failed sign-in) just the name that was tried. */
export type AuditActor = { userId: number | null; username: string | null; ip?: string | null };

export type AuditEntry = {
  action: AuditAction;
  summary: string;
  target?: { type: string; id: string | number };
  /** Small facts for the reader (changed field names, a count, a reason). Never secrets. */
  details?: Record<string, unknown>;
};

/** Keys that must never reach the log, wherever a caller's details come from. */
const SECRET_KEY = /pass|code|secret|token|otp|totp|recovery/i;

function scrub(details: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!details) return null;
  const clean = Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
  return Object.keys(clean).length ? clean : null;
}

/**
 * Writes one audit row. An audit failure is logged as an error but does not undo or fail the
 * action it describes (that already happened); the request log keeps the same facts.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, logger?: Logger): Promise<void> {
  try {
    await db.insert(auditLog).values({
      userId: actor.userId,
      username: actor.username,
      ip: actor.ip ?? null,
      action: entry.action,
      summary: entry.summary.slice(0, 500),
      targetType: entry.target?.type ?? null,
      targetId: entry.target ? String(entry.target.id) : null,
      details: scrub(entry.details),
    });
  } catch (error) {
    logger?.error({ err: error, audit: { ...entry, details: undefined }, actor }, "could not write the audit log");
  }
}

/** The actor for a signed-in user. */
export const actorOf = (user: { id: number; username: string }, ip?: string | null): AuditActor => ({ userId: user.id, username: user.username, ip });

/** Quotes a title for a summary line, shortened: 'Updated FAQ "How long does…"'. */
export function quoted(text: string | null | undefined, max = 80): string {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}
