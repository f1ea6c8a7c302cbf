import { JOB_PHOTO_STAGES, type JobPhotoStage, type JobStatus } from "~/db/schema";
import { cleanText } from "~/forms/clean-text";
import { DOCUMENT_NAME_MAX } from "./job-card-schema";

// The job card's rules, pure: what may change when, and what a client may sign. Tested alone
// (job-card-rules.test.ts); the server functions and the pages read them.

/** A finished or cancelled job's card is a record: nothing on it changes any more. */
export const CARD_CLOSED_MESSAGE = "This job is closed (complete or cancelled): its card can no longer be changed.";
export const cardIsOpen = (status: JobStatus): boolean => status !== "complete" && status !== "cancelled";

export const NO_SUCH_SNAG_MESSAGE = "No such snag on this job.";
export const NO_SUCH_PHOTO_MESSAGE = "No such photo on this job.";

/**
 * Why a photo the website shows cannot be deleted from the card: the page would lose its picture.
 * Names each page, so staff know where to take it off first.
 */
export function photoOnTheSiteMessage(uses: ReadonlyArray<{ kind: "project" | "post"; title: string }>): string {
  const pages = uses.map((u) => `the ${u.kind === "project" ? "project page" : "blog post"} “${u.title}”`);
  const named = pages.length > 1 ? `${pages.slice(0, -1).join(", ")} and ${pages[pages.length - 1]}` : pages[0];
  return `This photo is on the website (${named}). Take it off there first, then delete it here.`;
}

export type SignOffState = "signed" | "open" | "not-ready";
export const SIGN_OFF_MESSAGES_409 = {
  signed: "This job has already been signed off.",
  "not-ready": "This job is not ready for sign-off yet: we will let you know when the work is done.",
} as const;

/** The client may sign once the work is done ("snagging"), and only once. */
export function signOffState(status: JobStatus, signed: boolean): SignOffState {
  if (signed || status === "complete") return "signed";
  return status === "snagging" ? "open" : "not-ready";
}

export function parsePhotoStage(value: unknown): JobPhotoStage | null {
  return typeof value === "string" && (JOB_PHOTO_STAGES as ReadonlyArray<string>).includes(value)
    ? (value as JobPhotoStage)
    : null;
}

/** A PDF starts with "%PDF-" (a few writers put up to 1 KB of junk before it, which readers accept). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/** A document's name as given (?name=), cleaned, with ".pdf" at the end; null when unusable. */
export function documentName(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const name = cleanText(raw).replace(/[\\/]/g, "-");
  if (!name || name.length > DOCUMENT_NAME_MAX) return null;
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/** A snag's state after a tick: closing records who and when, reopening clears both. */
export function snagClosing(
  closed: boolean,
  userId: number,
  now: Date,
): { closedAt: Date | null; closedBy: number | null } {
  return closed ? { closedAt: now, closedBy: userId } : { closedAt: null, closedBy: null };
}

/** A checklist tick: done records who and when, undone clears both. */
export function checklistTick(
  done: boolean,
  userId: number,
  now: Date,
): { doneAt: Date | null; doneBy: number | null } {
  return done ? { doneAt: now, doneBy: userId } : { doneAt: null, doneBy: null };
}
