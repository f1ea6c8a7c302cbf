import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/forms/field-errors";
import { SERVICE_OPTIONS } from "~/features/contact/contact-fields";
import { ContactSchema } from "~/features/contact/contact-schema";
import {
  CHAT_LEAD_FIELDS,
  chatLeadService,
  ChatLeadSchema,
  leadAnswerError,
  leadMessage,
  TRANSCRIPT_LIMITS,
} from "./chat-lead-schema";

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

  it("refuses an e-mail that is not an address, with the contact form's message and rule", () => {
    for (const email of ["Siobhan Murphy", "siobhan@", "@murphy.ie", "siobhan murphy@murphy.ie", "a@b", "x@y..ie"]) {
      expect(errors({ ...valid, email }), email).toEqual({ email: "Please enter a valid email address" });
      expect(ContactSchema.shape.email.safeParse(email).success, email).toBe(false);
    }
    for (const email of ["siobhan@murphy.ie", "  conor.walsh+quotes@walsh-accountants.co.uk ", "A.B@EXAMPLE.IE"]) {
      expect(errors({ ...valid, email }), email).toEqual({});
      expect(ContactSchema.shape.email.safeParse(email).success, email).toBe(true);
    }
    expect(ChatLeadSchema.parse({ ...valid, email: "  niamh@doyle-opticians.ie " }).email).toBe(
      "niamh@doyle-opticians.ie",
    );
  });

  it("refuses a phone with fewer than 7 digits, whatever else it holds", () => {
    for (const phone of ["siobhan@", "call the shop", "086 555", "12-34-56"])
      expect(errors({ ...valid, phone }), phone).toEqual({
        phone: "Please enter a phone number with at least 7 digits",
      });
    for (const phone of ["0865550142", "+353 86 555 0142", "(01) 555-0192 ext 4", "1234567"])
      expect(errors({ ...valid, phone }), phone).toEqual({});
  });

  it("needs a name of at least 2 characters, like the contact form", () => {
    expect(errors({ ...valid, name: "A" })).toEqual({ name: "Name must be at least 2 characters" });
    expect(errors({ ...valid, name: " Jo " })).toEqual({});
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
    expect(errors({ ...valid, email: "   " })).toEqual({ email: "Required" });
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
        email: `${"e".repeat(64)}@${"d".repeat(63)}.${"o".repeat(63)}.${"m".repeat(57)}.ie`,
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
  it("is the details after a tapped choice, or with the choice when the details are short", () => {
    expect(leadMessage({ projectType: "Partitions", details: "Two glazed meeting rooms" })).toBe(
      "Two glazed meeting rooms",
    );
    expect(leadMessage({ projectType: "Ceiling Repairs", details: "asap" })).toBe("Ceiling Repairs: asap");
  });

  it("keeps a typed project type as the visitor wrote it", () => {
    expect(leadMessage({ projectType: "Shop ceiling", details: "New ceiling with LED panels" })).toBe(
      "Project: Shop ceiling\nNew ceiling with LED panels",
    );
  });
});

describe("leadAnswerError: the chat's check of one answer is the server's", () => {
  it.each([
    ["name", "A", "Name must be at least 2 characters"],
    ["name", "Siobhan Murphy", undefined],
    ["email", "Siobhan Murphy", "Please enter a valid email address"],
    ["email", "siobhan@murphy.ie", undefined],
    ["phone", "siobhan@", "Please enter a phone number with at least 7 digits"],
    ["phone", "086 555 0142", undefined],
    ["projectType", "  ", "Required"],
    ["details", "Two rooms", undefined],
  ] as const)("%s %j → %j", (step, answer, message) => {
    expect(leadAnswerError(step, answer)).toBe(message);
  });
});

describe("chatLeadService: the contact form's service for a chat lead", () => {
  it("is the choice itself for each quick reply, whatever its case", () => {
    for (const option of SERVICE_OPTIONS) {
      expect(chatLeadService(option)).toBe(option);
      expect(chatLeadService(` ${option.toUpperCase()} `)).toBe(option);
    }
  });

  it.each([
    ["partition", "Partitions"],
    ["Office partitions", "Partitions"],
    ["Two glass meeting rooms, stud walls", "Partitions"],
    ["partition walls for our shop", "Partitions"],
    ["suspended ceiling", "Suspended Ceilings"],
    ["New grid ceiling for the office", "Suspended Ceilings"],
    ["shop fit", "Shop Ceiling Installation"],
    ["Shop ceiling", "Shop Ceiling Installation"],
    ["hair salon", "Shop Ceiling Installation"],
    ["repair a ceiling", "Ceiling Repairs"],
    ["Ceiling repair", "Ceiling Repairs"],
    ["water stained tiles after a leak", "Ceiling Repairs"],
    ["replace 12 ceiling tiles", "Ceiling Repairs"],
    ["Fix the ceiling in my shop", "Ceiling Repairs"],
    ["siobhan@murphy.ie", "Other"],
    ["shop@store.ie", "Other"],
    ["restore a fireplace", "Other"],
    ["not sure yet", "Other"],
    ["", "Other"],
  ] as const)("%j → %s", (typed, service) => {
    expect(chatLeadService(typed)).toBe(service);
  });
});
