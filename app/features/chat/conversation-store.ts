// The conversation kept in sessionStorage, so a reload or a full page load in the same tab
// continues it (and a lead already sent is not taken again: the state says so). Only this tab
// sees it, and it goes when the tab closes. Whatever is read back is checked: a value from an
// older version of the widget, or edited by hand, starts a new conversation rather than break it.
import { LEAD_STEPS, type LeadStep } from "./chat-lead-schema";
import type { ChatMessage, ConversationState } from "./conversation";
import type { StorageLike } from "./lead-outbox";
import type { ChatLink } from "./rules";
import { CONVERSATION_KEY } from "./storage-keys";

export type SavedConversation = {
  /** Every message, including replies still "being typed" when it was saved (shown at once on restore). */
  messages: ChatMessage[];
  state: ConversationState;
  /** The next message number, so restored and new messages never share an id. */
  nextId: number;
};

/** The most messages kept (as many as a lead's transcript carries). */
export const SAVED_MESSAGES_LIMIT = 200;
const VERSION = 1;

const isString = (v: unknown): v is string => typeof v === "string";
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";

// Only the site's own pages and its phone number: a link read back from storage never runs script.
const isLink = (v: unknown): v is ChatLink =>
  isObject(v) && isString(v.label) && isString(v.href) && /^(\/(?!\/)|tel:\+?[\d]+$)/.test(v.href);

function isMessage(v: unknown): v is ChatMessage {
  return (
    isObject(v) &&
    isString(v.id) &&
    isString(v.text) &&
    isString(v.timestamp) &&
    (v.sender === "bot" || v.sender === "user") &&
    (v.isLeadForm === undefined || typeof v.isLeadForm === "boolean") &&
    (v.isLeadCapture === undefined || typeof v.isLeadCapture === "boolean") &&
    (v.links === undefined || (Array.isArray(v.links) && v.links.every(isLink))) &&
    (v.choices === undefined || (Array.isArray(v.choices) && v.choices.every(isString)))
  );
}

function isState(v: unknown): v is ConversationState {
  if (!isObject(v) || typeof v.offerOpen !== "boolean") return false;
  if (v.leadSentTo !== undefined && !isString(v.leadSentTo)) return false;
  if (v.capture === null) return true;
  const c = v.capture;
  return (
    isObject(c) &&
    LEAD_STEPS.includes(c.step as LeadStep) &&
    isString(c.key) &&
    isObject(c.answers) &&
    Object.entries(c.answers).every(([k, a]) => LEAD_STEPS.includes(k as LeadStep) && isString(a))
  );
}

/** The conversation saved in this tab, or null (none, unreadable, or from another version). */
export function loadConversation(
  storage: StorageLike | undefined = sessionStorageOrUndefined(),
): SavedConversation | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(CONVERSATION_KEY) ?? "null");
    if (!isObject(raw) || raw.v !== VERSION || !Number.isSafeInteger(raw.nextId)) return null;
    const { messages, state } = raw;
    if (!Array.isArray(messages) || !messages.length || !messages.every(isMessage) || !isState(state)) return null;
    return { messages, state, nextId: raw.nextId as number };
  } catch {
    return null;
  }
}

/** Saves the conversation; without usable storage (private mode, full) the chat simply is not kept. */
export function saveConversation(
  saved: SavedConversation,
  storage: StorageLike | undefined = sessionStorageOrUndefined(),
): void {
  try {
    const messages = saved.messages.slice(-SAVED_MESSAGES_LIMIT);
    storage?.setItem(CONVERSATION_KEY, JSON.stringify({ v: VERSION, ...saved, messages }));
  } catch {
    // Nothing to do: the conversation goes on in memory.
  }
}

function sessionStorageOrUndefined(): StorageLike | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined; // storage blocked: reading the property itself throws
  }
}
