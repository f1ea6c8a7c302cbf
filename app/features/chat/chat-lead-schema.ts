// What POST /api/chat-leads accepts. The chat does no format check on the e-mail or phone (spec
// section 5), so the server stores what the visitor gave; it only cleans the text (the contact
// form's cleanText), requires the answers the chat always collects, and caps lengths at what the
// chat lets a visitor type. Anything here is refused only if the chat itself could not have sent it.
import * as z from "zod/mini";
import { cleanText } from "~/features/contact/contact-schema";
import type { FieldErrors } from "~/forms/field-errors";
import { LEAD_LIMITS } from "./conversation";

export const CHAT_LEAD_FIELDS = ["idempotencyKey", "name", "email", "phone", "projectType", "details"] as const;
export type ChatLeadField = (typeof CHAT_LEAD_FIELDS)[number];
export type ChatLeadFieldErrors = FieldErrors<ChatLeadField>;

export const TRANSCRIPT_LIMITS = { messages: 200, text: 2000 } as const;

const required = (limit: number, multiline = false) =>
  z.pipe(
    z.pipe(
      z.string({ error: "Required" }),
      z.transform((v: string) => cleanText(v, multiline)),
    ),
    z
      .string()
      .check(
        z.minLength(1, "Required"),
        z.maxLength(limit, `Must be at most ${limit.toLocaleString("en-IE")} characters`),
      ),
  );

type TranscriptEntry = { sender: "bot" | "user"; text: string; timestamp: string };

/** The conversation is kept for staff, never a reason to refuse a lead: malformed entries are dropped. */
function cleanTranscript(raw: unknown): TranscriptEntry[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const out: TranscriptEntry[] = [];
  for (const entry of raw.slice(-TRANSCRIPT_LIMITS.messages)) {
    if (entry === null || typeof entry !== "object") continue;
    const { sender, text, timestamp } = entry as Record<string, unknown>;
    if ((sender !== "bot" && sender !== "user") || typeof text !== "string" || typeof timestamp !== "string") continue;
    const time = new Date(timestamp);
    const clean = cleanText(text, true).slice(0, TRANSCRIPT_LIMITS.text);
    if (!clean || Number.isNaN(time.getTime()) || timestamp.length > 40) continue;
    out.push({ sender, text: clean, timestamp: time.toISOString() });
  }
  return out.length ? out : undefined;
}

export const ChatLeadSchema = z.object({
  /** Chosen by the browser for each lead, so a retried POST is stored once. */
  idempotencyKey: z.uuid({ error: "Must be a UUID" }),
  name: required(LEAD_LIMITS.name),
  email: required(LEAD_LIMITS.email),
  phone: z.pipe(
    z.nullish(
      z.pipe(
        z.pipe(
          z.string({ error: "Must be text" }),
          z.transform((v: string) => cleanText(v)),
        ),
        z.string().check(z.maxLength(LEAD_LIMITS.phone, `Must be at most ${LEAD_LIMITS.phone} characters`)),
      ),
    ),
    z.transform((v: string | null | undefined) => v || undefined),
  ),
  projectType: required(LEAD_LIMITS.projectType),
  details: required(LEAD_LIMITS.details, true),
  transcript: z.optional(z.pipe(z.unknown(), z.transform(cleanTranscript))),
});

export type ChatLeadInput = z.infer<typeof ChatLeadSchema>;

/** What goes in contact_submissions.message: the details, with the project type when they are short. */
export function leadMessage(lead: Pick<ChatLeadInput, "projectType" | "details">): string {
  return lead.details.length >= 10 ? lead.details : `${lead.projectType}: ${lead.details}`;
}
