// Finished chat leads: kept in the browser (spec section 7: localStorage ic_interior_leads) and
// delivered to the server through a small outbox. A lead stays queued until the server has
// accepted it, and is retried on the next page view; its idempotency key makes a retry of a lead
// the server already has harmless (the server answers with the existing id and stores nothing).
// Small on purpose: the launcher loads this alone to retry, without the rest of the widget.
import type { ChatLead } from "./conversation";
import { LEADS_KEY, OUTBOX_KEY } from "./storage-keys";

export const CHAT_LEADS_ENDPOINT = "/api/chat-leads";

export type TranscriptEntry = { sender: "bot" | "user"; text: string; timestamp: string };

/** The body of POST /api/chat-leads, kept in the outbox exactly as it will be sent. */
export type ChatLeadPayload = ChatLead & {
  idempotencyKey: string;
  transcript: TranscriptEntry[];
  /** Honeypot: empty unless a bot filled the hidden field. */
  website?: string;
  landingPage?: string;
  referrer?: string;
  utm?: Record<string, string>;
};

export type StorageLike = Pick<Storage, "getItem" | "setItem">;
type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };
export type OutboxDeps = { storage?: StorageLike; fetch?: typeof fetch; locks?: Locks | null };
export type FlushResult = { delivered: number; dropped: number; kept: number };

function readList<T>(storage: StorageLike, key: string): T[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return []; // unreadable (edited by hand, another version): start again rather than break the chat
  }
}

/** Appends a finished lead to ic_interior_leads (throws if storage is unavailable or full). */
export function saveLead(lead: ChatLead, storage: StorageLike = localStorage): void {
  storage.setItem(LEADS_KEY, JSON.stringify([...readList<ChatLead>(storage, LEADS_KEY), lead]));
}

export function queuedLeads(storage: StorageLike = localStorage): ChatLeadPayload[] {
  return readList<ChatLeadPayload>(storage, OUTBOX_KEY).filter((p) => p && typeof p.idempotencyKey === "string");
}

export function queueLead(payload: ChatLeadPayload, storage: StorageLike = localStorage): void {
  const queue = queuedLeads(storage).filter((p) => p.idempotencyKey !== payload.idempotencyKey);
  storage.setItem(OUTBOX_KEY, JSON.stringify([...queue, payload]));
}

function unqueue(storage: StorageLike, key: string): void {
  // Re-read: a lead queued meanwhile (another tab, the widget) must survive.
  storage.setItem(OUTBOX_KEY, JSON.stringify(queuedLeads(storage).filter((p) => p.idempotencyKey !== key)));
}

/** One POST; the status, or 0 when the server could not be reached. */
export async function postLead(payload: ChatLeadPayload, send: typeof fetch = fetch): Promise<number> {
  const body = JSON.stringify(payload);
  try {
    const response = await send(CHAT_LEADS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      // Lets the request finish if the visitor leaves the page; browsers cap keepalive bodies at 64 KB.
      keepalive: body.length < 60_000,
    });
    return response.status;
  } catch {
    return 0;
  }
}

/** Accepted (201 new, 200 already stored) or refused for good (a 4xx other than 408/429): leave the queue. */
const isFinal = (status: number) =>
  status === 200 || status === 201 || (status >= 400 && status < 500 && status !== 408 && status !== 429);

async function deliverQueued(storage: StorageLike, send: typeof fetch): Promise<FlushResult> {
  const result: FlushResult = { delivered: 0, dropped: 0, kept: 0 };
  const queue = queuedLeads(storage);
  for (const [i, payload] of queue.entries()) {
    const status = await postLead(payload, send);
    if (!isFinal(status)) {
      // Down or busy: stop here and try again on the next page view.
      result.kept = queue.length - i;
      break;
    }
    unqueue(storage, payload.idempotencyKey);
    if (status < 300) result.delivered++;
    else result.dropped++;
  }
  return result;
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Sends every queued lead, oldest first. Runs one at a time in this tab (each run reads the queue
 * afresh, so a lead delivered by one run is not in the next) and, where the browser has Web Locks,
 * one at a time across tabs.
 */
export function flushLeadOutbox(deps: OutboxDeps = {}): Promise<FlushResult> {
  const storage = deps.storage ?? localStorage;
  const send = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const locks =
    deps.locks !== undefined
      ? deps.locks
      : typeof navigator !== "undefined"
        ? (navigator.locks as Locks | undefined)
        : undefined;
  const run = chain.then(() =>
    locks ? locks.request(OUTBOX_KEY, () => deliverQueued(storage, send)) : deliverQueued(storage, send),
  );
  chain = run.catch(() => undefined);
  return run;
}

/** A random UUID v4; crypto.randomUUID exists only on HTTPS (and localhost), getRandomValues everywhere. */
export function newIdempotencyKey(
  source: Pick<Crypto, "getRandomValues"> & { randomUUID?: () => string } = crypto,
): string {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const b = source.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
