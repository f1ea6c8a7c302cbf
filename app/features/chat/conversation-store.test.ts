import { describe, expect, it } from "vitest";
import { LAUNCHER_OPEN_KEY } from "./chat-launcher";
import { INITIAL_STATE, respond, type ChatMessage, type ConversationState } from "./conversation";
import { loadConversation, SAVED_MESSAGES_LIMIT, saveConversation, type SavedConversation } from "./conversation-store";
import type { StorageLike } from "./lead-outbox";
import type { ChatFacts } from "./rules";
import { CHAT_OPEN_KEY, CONVERSATION_KEY } from "./storage-keys";

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const at = "2026-03-02T10:15:00.000Z";
const message = (id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  text,
  sender: "bot",
  timestamp: at,
  ...extra,
});
const facts: ChatFacts = {
  name: "IC Interiors",
  phone: "01 555 0192",
  phoneE164: "+35315550192",
  hoursLabel: "Monday–Friday: 8:00–18:00",
  serviceRadiusKm: 50,
};

const midCapture: SavedConversation = {
  messages: [
    message("greeting", "Hi!"),
    message("m0", "Can I get a quote?", { sender: "user" }),
    message("m1", "Would you like one of our team to contact you?", { isLeadForm: true }),
    message("m2", "Yes, contact me", { sender: "user" }),
    message("m3", "What's your name?", { isLeadCapture: true, links: [{ href: "/privacy-policy", label: "Privacy" }] }),
    message("m4", "Niamh Doyle", { sender: "user" }),
    message("m5", "What type of project is it?", { isLeadCapture: true, choices: ["Partitions", "Other"] }),
  ],
  state: {
    offerOpen: false,
    capture: { step: "projectType", answers: { name: "Niamh Doyle", email: "n@d.ie", phone: "" }, key: "k-1" },
  },
  nextId: 6,
};

describe("the conversation in sessionStorage", () => {
  it("comes back as it was saved, mid-capture, so the next answer continues the same lead", () => {
    const storage = memoryStorage();
    saveConversation(midCapture, storage);
    const restored = loadConversation(storage)!;
    expect(restored).toEqual(midCapture);
    const next = respond(restored.state, { type: "message", text: "Partitions" }, { facts, random: () => 0 });
    expect(next.state.capture).toEqual({
      step: "details",
      answers: { name: "Niamh Doyle", email: "n@d.ie", phone: "", projectType: "Partitions" },
      key: "k-1",
    });
  });

  it("keeps that a lead was sent, so a restored chat does not take it again", () => {
    const storage = memoryStorage();
    const sent: ConversationState = { offerOpen: false, capture: null, leadSentTo: "Niamh Doyle" };
    saveConversation({ ...midCapture, state: sent }, storage);
    expect(loadConversation(storage)!.state).toEqual(sent);
  });

  it("keeps the last 200 messages", () => {
    const storage = memoryStorage();
    const messages = Array.from({ length: 250 }, (_, i) => message(`m${i}`, `text ${i}`));
    saveConversation({ messages, state: INITIAL_STATE, nextId: 250 }, storage);
    const restored = loadConversation(storage)!;
    expect(restored.messages).toHaveLength(SAVED_MESSAGES_LIMIT);
    expect(restored.messages[0]!.id).toBe("m50");
  });

  it.each([
    ["nothing saved", undefined],
    ["not JSON", "{"],
    ["another version", JSON.stringify({ ...midCapture, v: 2 })],
    ["no messages", JSON.stringify({ ...midCapture, v: 1, messages: [] })],
    ["a message without text", JSON.stringify({ ...midCapture, v: 1, messages: [{ id: "a", sender: "bot" }] })],
    [
      "a link that is not the site's",
      JSON.stringify({
        ...midCapture,
        v: 1,
        messages: [message("a", "x", { links: [{ href: "javascript:alert(1)", label: "x" }] })],
      }),
    ],
    [
      "a link to another site",
      JSON.stringify({
        ...midCapture,
        v: 1,
        messages: [message("a", "x", { links: [{ href: "//evil.example", label: "x" }] })],
      }),
    ],
    [
      "an unknown step",
      JSON.stringify({
        ...midCapture,
        v: 1,
        state: { offerOpen: false, capture: { step: "age", answers: {}, key: "k" } },
      }),
    ],
    [
      "a capture without a key",
      JSON.stringify({ ...midCapture, v: 1, state: { offerOpen: false, capture: { step: "name", answers: {} } } }),
    ],
  ])("starts afresh from %s", (_what, raw) => {
    const storage = memoryStorage(raw === undefined ? {} : { [CONVERSATION_KEY]: raw });
    expect(loadConversation(storage)).toBeNull();
  });

  it("never breaks the chat when storage cannot be used", () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => saveConversation(midCapture, broken)).not.toThrow();
    expect(loadConversation(broken)).toBeNull();
  });

  it("the launcher reads the same open flag the chat's keys name", () => {
    expect(LAUNCHER_OPEN_KEY).toBe(CHAT_OPEN_KEY);
  });
});
