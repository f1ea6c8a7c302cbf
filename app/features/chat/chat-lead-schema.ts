// What POST /api/chat-leads accepts, and the chat's own check of each answer before it moves on:
// one schema for both, so the browser and the server never disagree. The e-mail follows the
// contact form's rule (its very schema), the phone is optional but needs at least 7 digits when
// given, and the name at least 2 characters. Text is cleaned as the contact form cleans it
// (cleanText) and lengths are capped at what the chat lets a visitor type.
import * as z from "zod/mini";
import { CONTACT_MESSAGES, SERVICE_OPTIONS, type ServiceOption } from "~/features/contact/contact-fields";
import { cleanText } from "~/forms/clean-text";
import { ContactSchema } from "~/features/contact/contact-schema";
import type { FieldErrors } from "~/forms/field-errors";
import { wordsOf } from "./words";

/** Spec section 4: name, email, phone, projectType, details, then done. */
export const LEAD_STEPS = ["name", "email", "phone", "projectType", "details"] as const;
export type LeadStep = (typeof LEAD_STEPS)[number];

/** Longest answer kept for each step (the server accepts these lengths). */
export const LEAD_LIMITS: Record<LeadStep, number> = {
  name: 100,
  email: 254,
  phone: 40,
  projectType: 200,
  details: 5000,
};

export const PHONE_MIN_DIGITS = 7;
export const PHONE_MESSAGE = `Please enter a phone number with at least ${PHONE_MIN_DIGITS} digits`;

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

const digitCount = (v: string) => v.replace(/\D/g, "").length;

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
  name: z.pipe(required(LEAD_LIMITS.name), z.string().check(z.minLength(2, CONTACT_MESSAGES.name))),
  // Staff must be able to reply: the contact form's e-mail rule, after the chat's own "Required".
  email: z.pipe(required(LEAD_LIMITS.email), ContactSchema.shape.email),
  phone: z.pipe(
    z.nullish(
      z.pipe(
        z.pipe(
          z.string({ error: "Must be text" }),
          z.transform((v: string) => cleanText(v)),
        ),
        z.string().check(
          z.maxLength(LEAD_LIMITS.phone, `Must be at most ${LEAD_LIMITS.phone} characters`),
          z.refine((v: string) => v === "" || digitCount(v) >= PHONE_MIN_DIGITS, PHONE_MESSAGE),
        ),
      ),
    ),
    z.transform((v: string | null | undefined) => v || undefined),
  ),
  projectType: required(LEAD_LIMITS.projectType),
  details: required(LEAD_LIMITS.details, true),
  transcript: z.optional(z.pipe(z.unknown(), z.transform(cleanTranscript))),
});

export type ChatLeadInput = z.infer<typeof ChatLeadSchema>;

/** The chat's check of one answer: the schema's message when the server would refuse it, else undefined. */
export function leadAnswerError(step: LeadStep, answer: string): string | undefined {
  const parsed = ChatLeadSchema.shape[step].safeParse(answer);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * What goes in contact_submissions.message: the details, led by the project type as the visitor
 * typed it (the lead's `service` is then only the nearest of the five choices), or by a tapped
 * choice when the details are too short to read alone.
 */
export function leadMessage(lead: Pick<ChatLeadInput, "projectType" | "details">): string {
  const tapped = chatLeadService(lead.projectType) === lead.projectType;
  if (!tapped) return `Project: ${lead.projectType}\n${lead.details}`;
  return lead.details.length >= 10 ? lead.details : `${lead.projectType}: ${lead.details}`;
}

type Service = Exclude<ServiceOption, "Other">;

/**
 * Words that name each service, most telling first: a repair is a repair whatever the ceiling, a
 * partition in a shop is still a partition, and a shop's ceiling is a shop ceiling rather than a
 * plain suspended one. Whole words (rules.ts wordsOf), so "restore" is never "store".
 */
const SERVICE_WORDS: ReadonlyArray<[Service, ReadonlyArray<string>]> = [
  [
    "Ceiling Repairs",
    [
      "repair",
      "repairs",
      "repaired",
      "repairing",
      "fix",
      "fixing",
      "fixed",
      "leak",
      "leaks",
      "leaking",
      "leaked",
      "damage",
      "damaged",
      "stain",
      "stains",
      "stained",
      "sagging",
      "sags",
      "broken",
      "collapsed",
      "patch",
    ],
  ],
  [
    "Partitions",
    [
      "partition",
      "partitions",
      "partitioning",
      "partitioned",
      "drywall",
      "plasterboard",
      "stud",
      "demountable",
      "glazed",
      "divider",
      "dividers",
    ],
  ],
  [
    "Shop Ceiling Installation",
    [
      "shop",
      "shops",
      "shopfit",
      "shopfitting",
      "retail",
      "retailer",
      "store",
      "stores",
      "salon",
      "salons",
      "boutique",
      "pharmacy",
      "barber",
      "barbers",
    ],
  ],
  ["Suspended Ceilings", ["ceiling", "ceilings", "suspended", "tiles", "grid"]],
];

/** Tile words count as a repair only next to a word that says the tiles are being replaced. */
const REPLACING = ["replace", "replacing", "replacement", "replaced"];

/** The service the words name, or undefined: the shared matcher behind chatLeadService and the price answers. */
export function serviceOfWords(words: ReadonlyArray<string>): Service | undefined {
  const has = (list: ReadonlyArray<string>) => words.some((w) => list.includes(w));
  if (has(REPLACING) && has(["tile", "tiles"])) return "Ceiling Repairs";
  return SERVICE_WORDS.find(([, list]) => has(list))?.[0];
}

/**
 * The contact form's service for a lead's project type, so the inbox and its charts group chat
 * leads by the same five services: a quick-reply choice is itself; typed text is read for the
 * words that name a service ("office partitions", "repair a ceiling", "shop fit"); anything else
 * (an e-mail address typed in the wrong box, "not sure") is "Other".
 */
export function chatLeadService(projectType: string): ServiceOption {
  const text = projectType.trim().toLowerCase();
  const exact = SERVICE_OPTIONS.find((o) => o.toLowerCase() === text);
  if (exact) return exact;
  // An address typed in the wrong box names no service, whatever its words ("shop@store.ie").
  if (/^\S+@\S+$/.test(text)) return "Other";
  return serviceOfWords(wordsOf(projectType)) ?? "Other";
}
