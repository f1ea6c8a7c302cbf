import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { LAUNCHER_OUTBOX_KEY } from "./chat-launcher";
import type { ChatLead } from "./conversation";
import {
  CHAT_LEADS_ENDPOINT,
  flushLeadOutbox,
  newIdempotencyKey,
  queuedLeads,
  queueLead,
  saveLead,
  type ChatLeadPayload,
  type StorageLike,
} from "./lead-outbox";
import { LEADS_KEY, OUTBOX_KEY } from "./storage-keys";

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const lead: ChatLead = {
  name: "Niamh Doyle",
  email: "niamh@doyle-opticians.ie",
  phone: "086 555 0142",
  projectType: "Shop ceiling",
  details: "LED panels, asap",
  leadQuality: "hot",
  timestamp: "2026-03-02T10:15:00.000Z",
};
const payload = (key: string): ChatLeadPayload => ({
  ...lead,
  idempotencyKey: key,
  transcript: [{ sender: "user", text: "quote", timestamp: lead.timestamp }],
});

/** A fetch that answers each call with the next status (0 = network failure) and records the keys sent. */
function fakeFetch(...statuses: number[]) {
  const sent: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    expect(url).toBe(CHAT_LEADS_ENDPOINT);
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    sent.push((JSON.parse(init.body as string) as ChatLeadPayload).idempotencyKey);
    const status = statuses.shift() ?? 201;
    if (status === 0) throw new TypeError("Failed to fetch");
    return new Response("{}", { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

describe("saveLead (spec section 7: ic_interior_leads)", () => {
  it("appends each lead to the list", () => {
    const storage = memoryStorage();
    saveLead(lead, storage);
    saveLead({ ...lead, name: "Second" }, storage);
    expect(JSON.parse(storage.data[LEADS_KEY]!)).toEqual([lead, { ...lead, name: "Second" }]);
  });

  it("starts a new list when the stored one is unreadable", () => {
    for (const junk of ["{not json", '{"a":1}', "null"]) {
      const storage = memoryStorage({ [LEADS_KEY]: junk });
      saveLead(lead, storage);
      expect(JSON.parse(storage.data[LEADS_KEY]!)).toEqual([lead]);
    }
  });
});

describe("the lead outbox", () => {
  it("delivers queued leads oldest first and empties the queue", async () => {
    const storage = memoryStorage();
    queueLead(payload("a"), storage);
    queueLead(payload("b"), storage);
    const { fetch, sent } = fakeFetch(201, 200);
    expect(await flushLeadOutbox({ storage, fetch, locks: null })).toEqual({ delivered: 2, dropped: 0, kept: 0 });
    expect(sent).toEqual(["a", "b"]);
    expect(queuedLeads(storage)).toEqual([]);
  });

  it.each([
    ["the server is unreachable", 0],
    ["a server error", 500],
    ["the database being down", 503],
    ["the rate limit", 429],
    ["a timeout", 408],
  ])("keeps the leads and stops at %s, to retry on the next page view", async (_what, status) => {
    const storage = memoryStorage();
    queueLead(payload("a"), storage);
    queueLead(payload("b"), storage);
    const { fetch, sent } = fakeFetch(status);
    expect(await flushLeadOutbox({ storage, fetch, locks: null })).toEqual({ delivered: 0, dropped: 0, kept: 2 });
    expect(sent).toEqual(["a"]);
    expect(queuedLeads(storage).map((p) => p.idempotencyKey)).toEqual(["a", "b"]);

    const retry = fakeFetch(201, 201);
    expect(await flushLeadOutbox({ storage, fetch: retry.fetch, locks: null })).toEqual({
      delivered: 2,
      dropped: 0,
      kept: 0,
    });
    expect(queuedLeads(storage)).toEqual([]);
  });

  it("drops a lead the server refuses for good (400, 413, 415), so it never blocks the queue", async () => {
    const storage = memoryStorage();
    for (const key of ["a", "b", "c", "d"]) queueLead(payload(key), storage);
    const { fetch } = fakeFetch(400, 413, 415, 201);
    expect(await flushLeadOutbox({ storage, fetch, locks: null })).toEqual({ delivered: 1, dropped: 3, kept: 0 });
    expect(queuedLeads(storage)).toEqual([]);
  });

  it("never sends a lead twice, even when flushes overlap", async () => {
    const storage = memoryStorage();
    queueLead(payload("a"), storage);
    const { fetch, sent } = fakeFetch();
    await Promise.all([
      flushLeadOutbox({ storage, fetch, locks: null }),
      flushLeadOutbox({ storage, fetch, locks: null }),
    ]);
    expect(sent).toEqual(["a"]);
    // A second page view with nothing queued sends nothing.
    await flushLeadOutbox({ storage, fetch, locks: null });
    expect(sent).toEqual(["a"]);
  });

  it("keeps a lead queued while a flush was running", async () => {
    const storage = memoryStorage();
    queueLead(payload("a"), storage);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = (async () => {
      queueLead(payload("b"), storage); // the visitor finishes another lead meanwhile
      await gate;
      return new Response("{}", { status: 201 });
    }) as unknown as typeof globalThis.fetch;
    const run = flushLeadOutbox({ storage, fetch, locks: null });
    release();
    expect(await run).toEqual({ delivered: 1, dropped: 0, kept: 0 });
    expect(queuedLeads(storage).map((p) => p.idempotencyKey)).toEqual(["b"]);
  });

  it("queues a lead once per idempotency key and survives an unreadable queue", () => {
    const storage = memoryStorage({ [OUTBOX_KEY]: "garbage" });
    queueLead(payload("a"), storage);
    queueLead(payload("a"), storage);
    expect(queuedLeads(storage)).toEqual([payload("a")]);
  });

  it("runs inside a Web Lock when the browser has them, so two tabs do not send together", async () => {
    const storage = memoryStorage();
    queueLead(payload("a"), storage);
    const names: string[] = [];
    const locks = { request: <T>(name: string, cb: () => Promise<T>) => (names.push(name), cb()) };
    await flushLeadOutbox({ storage, fetch: fakeFetch().fetch, locks });
    expect(names).toEqual([OUTBOX_KEY]);
  });

  it("the launcher checks the same key without importing this module", () => {
    expect(LAUNCHER_OUTBOX_KEY).toBe(OUTBOX_KEY);
  });
});

describe("newIdempotencyKey", () => {
  const Uuid = z.uuid();
  it("uses crypto.randomUUID where it exists", () => {
    expect(
      newIdempotencyKey({ randomUUID: () => "3b241101-e2bb-4255-8caf-4136c566a962", getRandomValues: (a) => a }),
    ).toBe("3b241101-e2bb-4255-8caf-4136c566a962");
  });

  it("builds a valid version 4 UUID from getRandomValues on plain HTTP", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) });
      expect(Uuid.safeParse(key).success, key).toBe(true);
      expect(key[14]).toBe("4");
      keys.add(key);
    }
    expect(keys.size).toBe(200);
  });
});
