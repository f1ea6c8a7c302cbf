import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/forms/field-errors";
import { CHAT_LEAD_FIELDS, ChatLeadSchema, leadMessage, TRANSCRIPT_LIMITS } from "./chat-lead-schema";

const valid = {
  idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a962",
  name: "Niamh Doyle",
  email: "niamh@doyle-opticians.ie",
  phone: "086 555 0142",
  projectType: "Shop ceiling",
  details: "New ceiling with LED panels before Christmas.",
};
const errors = (body: unknown) => {
  const parsed = ChatLeadSchema.safeParse(body);
  return parsed.success ? {} : fieldErrorsOf(parsed.error, CHAT_LEAD_FIELDS);
};

describe("ChatLeadSchema", () => {
  it("accepts what the chat sends, cleaned", () => {
    const parsed = ChatLeadSchema.parse({
      ...valid,
      name: "  Niamh\u0000 Doyle ",
      details: "Line one\r\nLine two\u0007",
      leadQuality: "warm",
      timestamp: "x",
    });
    expect(parsed).toEqual({ ...valid, name: "Niamh Doyle", details: "Line one\nLine two", transcript: undefined });
  });

  it("does no format check on the e-mail or phone (spec section 5)", () => {
    expect(errors({ ...valid, email: "at the shop", phone: "ring the shop" })).toEqual({});
  });

  it("treats the phone as optional", () => {
    for (const phone of [undefined, null, "", "   "])
      expect(ChatLeadSchema.parse({ ...valid, phone }).phone).toBeUndefined();
  });

  it("requires a key, a name, an e-mail, a project type and details", () => {
    expect(errors({})).toEqual({
      idempotencyKey: "Must be a UUID",
      name: "Required",
      email: "Required",
      projectType: "Required",
      details: "Required",
    });
    expect(errors({ ...valid, name: " \u0000 ", details: "\n" })).toEqual({ name: "Required", details: "Required" });
    expect(errors({ ...valid, name: 7, email: ["a"], phone: 5 })).toEqual({
      name: "Required",
      email: "Required",
      phone: "Must be text",
    });
    expect(errors({ ...valid, idempotencyKey: "abc" })).toEqual({ idempotencyKey: "Must be a UUID" });
  });

  it("caps lengths at what the chat lets a visitor type", () => {
    expect(
      errors({
        ...valid,
        name: "x".repeat(101),
        phone: "1".repeat(41),
        projectType: "p".repeat(201),
        details: "d".repeat(5001),
      }),
    ).toEqual({
      name: "Must be at most 100 characters",
      phone: "Must be at most 40 characters",
      projectType: "Must be at most 200 characters",
      details: "Must be at most 5,000 characters",
    });
    expect(
      errors({
        ...valid,
        name: "x".repeat(100),
        email: "e".repeat(254),
        phone: "1".repeat(40),
        projectType: "p".repeat(200),
        details: "d".repeat(5000),
      }),
    ).toEqual({});
  });

  it("keeps a well-formed transcript and drops what is malformed, never refusing the lead for it", () => {
    const at = "2026-03-02T10:15:00.000Z";
    const parsed = ChatLeadSchema.parse({
      ...valid,
      transcript: [
        { sender: "bot", text: "Hi! How can I help?", timestamp: at },
        { sender: "user", text: "  quote\u0000 please ", timestamp: at },
        { sender: "admin", text: "x", timestamp: at },
        { sender: "user", text: 5, timestamp: at },
        { sender: "user", text: "no time", timestamp: "yesterday" },
        { sender: "user", text: "   ", timestamp: at },
        null,
        "hello",
        { sender: "user", text: "y".repeat(3000), timestamp: at },
      ],
    });
    expect(parsed.transcript).toEqual([
      { sender: "bot", text: "Hi! How can I help?", timestamp: at },
      { sender: "user", text: "quote please", timestamp: at },
      { sender: "user", text: "y".repeat(TRANSCRIPT_LIMITS.text), timestamp: at },
    ]);
    for (const transcript of ["text", 42, { a: 1 }, [], null])
      expect(ChatLeadSchema.parse({ ...valid, transcript }).transcript).toBeUndefined();
  });

  it("keeps the last 200 transcript messages", () => {
    const transcript = Array.from({ length: 250 }, (_, i) => ({
      sender: "user",
      text: `m${i}`,
      timestamp: "2026-03-02T10:15:00.000Z",
    }));
    const kept = ChatLeadSchema.parse({ ...valid, transcript }).transcript!;
    expect(kept).toHaveLength(TRANSCRIPT_LIMITS.messages);
    expect(kept[0]!.text).toBe("m50");
  });
});

describe("leadMessage", () => {
  it("is the details, or the project type and details when the details are short", () => {
    expect(leadMessage({ projectType: "Shop ceiling", details: "New ceiling with LED panels" })).toBe(
      "New ceiling with LED panels",
    );
    expect(leadMessage({ projectType: "Shop ceiling", details: "asap" })).toBe("Shop ceiling: asap");
  });
});
