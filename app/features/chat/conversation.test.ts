import { describe, expect, it } from "vitest";
import {
  finishLead,
  INITIAL_STATE,
  isAffirmative,
  LEAD_LIMITS,
  LEAD_STEPS,
  respond,
  type ConversationState,
  type Turn,
  type TurnContext,
  type VisitorAction,
} from "./conversation";
import type { ChatFacts } from "./rules";

const facts: ChatFacts = {
  name: "IC Interiors",
  phone: "01 555 0192",
  phoneE164: "+35315550192",
  hoursLabel: "Monday - Friday: 8:00 AM - 6:00 PM",
  serviceRadiusKm: 50,
};
const now = new Date("2026-03-02T10:15:00.000Z");
const ctx: TurnContext = { facts, random: () => 0.5, now: () => now };

/** Runs actions in order, returning every turn. */
function play(actions: VisitorAction[], state: ConversationState = INITIAL_STATE): Turn[] {
  const turns: Turn[] = [];
  for (const action of actions) {
    const turn = respond(state, action, ctx);
    turns.push(turn);
    state = turn.state;
  }
  return turns;
}
const say = (text: string): VisitorAction => ({ type: "message", text });

describe("the lead offer", () => {
  it("answers a trigger word after the reply delay, then shows the lead-form prompt 1000 ms later", () => {
    const [turn] = play([say("Can I get a quote?")]);
    expect(turn!.state).toEqual({ offerOpen: true, capture: null });
    expect(turn!.replies.map((r) => r.delayMs)).toEqual([1500, 1000]);
    expect(turn!.replies[0]!.message.isLeadForm).toBeUndefined();
    expect(turn!.replies[1]!.message).toEqual({
      text: "Would you like one of our team to contact you?",
      isLeadForm: true,
    });
    expect(turn!.lead).toBeUndefined();
  });

  it("asks in shop wording when a retail word is present", () => {
    const [turn] = play([say("price for my shop")]);
    expect(turn!.replies[1]!.message).toEqual({
      text: "Would you like our shop-fit team to contact you?",
      isLeadForm: true,
    });
  });

  it("answers other messages once, without changing the state", () => {
    const [turn] = play([say("Do you do repairs?")]);
    expect(turn!.state).toBe(INITIAL_STATE);
    expect(turn!.replies).toHaveLength(1);
    expect(turn!.replies[0]!.delayMs).toBe(1500);
    expect(turn!.replies[0]!.message.links?.[0]?.href).toBe("/ceiling-repair");
  });

  it("'I'll call instead' replies with the phone number as a tel: link and closes the offer", () => {
    const [, call] = play([say("quote"), { type: "call" }]);
    expect(call!.state).toEqual({ offerOpen: false, capture: null });
    expect(call!.replies).toEqual([
      {
        delayMs: 1500,
        message: {
          text: "No problem! Call us on 01 555 0192, Monday - Friday: 8:00 AM - 6:00 PM.",
          links: [{ href: "tel:+35315550192", label: "01 555 0192" }],
        },
      },
    ]);
  });
});

describe("lead capture: name, email, phone, projectType, details, done", () => {
  const answers = [
    "Niamh Doyle",
    "niamh@doyle-opticians.ie",
    "086 555 0142",
    "Shop ceiling",
    "New ceiling with LED panels, asap",
  ];

  it("starts with 'Yes, contact me' and asks for each detail in turn, then hands over the lead", () => {
    const turns = play([say("I need a quote"), { type: "accept" }, ...answers.map(say)]);
    const questions = turns.slice(1).map((t) => t.replies.map((r) => r.message.text).join(" "));
    expect(questions[0]).toMatch(/What's your name\?/);
    expect(questions[1]).toBe("Thanks, Niamh Doyle. What email address should we use?");
    expect(questions[2]).toMatch(/phone number/);
    expect(questions[3]).toMatch(/What type of project/);
    expect(questions[4]).toMatch(/tell us a little about the job/);
    expect(questions[5]).toMatch(/^Thank you, Niamh Doyle! Your details are with our team/);
    expect(turns.slice(1, 6).every((t) => t.replies[0]!.message.isLeadCapture)).toBe(true);
    expect(turns.slice(1).map((t) => t.state.capture?.step ?? null)).toEqual([...LEAD_STEPS, null]);
    expect(turns.slice(0, -1).every((t) => t.lead === undefined)).toBe(true);
    expect(turns.at(-1)!.lead).toEqual({
      name: "Niamh Doyle",
      email: "niamh@doyle-opticians.ie",
      phone: "086 555 0142",
      projectType: "Shop ceiling",
      details: "New ceiling with LED panels, asap",
      leadQuality: "hot",
      timestamp: "2026-03-02T10:15:00.000Z",
    });
    expect(turns.at(-1)!.replies[0]!.message.links).toEqual([{ href: "tel:+35315550192", label: "01 555 0192" }]);
    expect(turns.at(-1)!.state).toEqual(INITIAL_STATE);
  });

  it("links the privacy policy when it asks for the name", () => {
    const [turn] = play([{ type: "accept" }]);
    expect(turn!.replies[0]!.message.links).toEqual([{ href: "/privacy-policy", label: "How we use your details" }]);
  });

  it("also starts when the visitor answers the prompt with a yes", () => {
    const [, yes] = play([say("Can you call me?"), say("Yes please")]);
    expect(yes!.state.capture).toEqual({ step: "name", answers: {} });
  });

  it("a yes without an open offer is just a message", () => {
    const [turn] = play([say("yes")]);
    expect(turn!.state).toBe(INITIAL_STATE);
  });

  it("does no format check on the e-mail or phone (spec section 5), and trims answers", () => {
    const turns = play([
      { type: "accept" },
      say("  Seán  "),
      say("not an email"),
      say("call the shop"),
      say("Partitions"),
      say("Two rooms"),
    ]);
    // The phone is not one of the fields the quality rule reads.
    expect(turns.at(-1)!.lead).toMatchObject({
      name: "Seán",
      email: "not an email",
      phone: "call the shop",
      leadQuality: "warm",
    });
  });

  it("treats trigger words inside answers as answers", () => {
    const turns = play([{ type: "accept" }, say("Quote Byrne")]);
    expect(turns[1]!.state.capture).toEqual({ step: "email", answers: { name: "Quote Byrne" } });
  });

  it("cuts answers to the lengths the server accepts", () => {
    const turns = play([{ type: "accept" }, say("x".repeat(500))]);
    expect(turns[1]!.state.capture?.answers.name).toHaveLength(LEAD_LIMITS.name);
  });

  it("stops on cancel", () => {
    const turns = play([{ type: "accept" }, say("Niamh"), say("Cancel")]);
    expect(turns[2]!.state).toEqual(INITIAL_STATE);
    expect(turns[2]!.replies[0]!.message.text).toMatch(/I've stopped/);
    expect(turns[2]!.lead).toBeUndefined();
  });

  it("builds the lead with the quality rule", () => {
    expect(
      finishLead({ name: "A", email: "b", phone: "c", projectType: "Partitions", details: "Next year" }, now)
        .leadQuality,
    ).toBe("warm");
    expect(
      finishLead({ name: "A", email: "b", phone: "c", projectType: "Ceiling repair", details: "Next year" }, now)
        .leadQuality,
    ).toBe("hot");
  });
});

describe("isAffirmative", () => {
  it.each([
    ["yes", true],
    ["Yes please", true],
    ["ok", true],
    ["sure, go ahead", true],
    ["Yep!", true],
    ["no", false],
    ["yes I need a quote for two floors", false],
    ["please don't", false],
    ["", false],
  ])("%j → %s", (text, expected) => {
    expect(isAffirmative(text)).toBe(expected);
  });
});
