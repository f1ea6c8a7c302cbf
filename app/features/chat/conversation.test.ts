import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import {
  finishLead,
  INITIAL_STATE,
  isAffirmative,
  isDecline,
  LEAD_LIMITS,
  LEAD_STEPS,
  needsPrices,
  PROJECT_CHOICES,
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
  hoursLabel: "Monday–Friday: 8:00–18:00",
  serviceRadiusKm: 50,
};
const now = new Date("2026-03-02T10:15:00.000Z");
const KEY = "3b241101-e2bb-4255-8caf-4136c566a962";
const ctx: TurnContext = { facts, random: () => 0.5, now: () => now, newKey: () => KEY };

/** Runs actions in order, returning every turn. */
function play(
  actions: VisitorAction[],
  state: ConversationState = INITIAL_STATE,
  extra: Partial<TurnContext> = {},
): Turn[] {
  const turns: Turn[] = [];
  for (const action of actions) {
    const turn = respond(state, action, { ...ctx, ...extra });
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
          text: "No problem! Call us on 01 555 0192, Monday–Friday: 8:00–18:00.",
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
    // The project type is offered as the contact form's services; typed text is kept as written.
    expect(turns[4]!.replies[0]!.message.choices).toEqual([
      "Partitions",
      "Suspended Ceilings",
      "Shop Ceiling Installation",
      "Ceiling Repairs",
      "Other",
    ]);
    expect(turns.filter((t) => t.replies[0]!.message.choices)).toHaveLength(1);
    expect(questions[4]).toMatch(/tell us a little about the job/);
    expect(questions[5]).toMatch(/^Thank you, Niamh Doyle! Your details are with our team/);
    expect(turns.slice(1, 6).every((t) => t.replies[0]!.message.isLeadCapture)).toBe(true);
    expect(turns.slice(1).map((t) => t.state.capture?.step ?? null)).toEqual([...LEAD_STEPS, null]);
    expect(turns.slice(0, -1).every((t) => t.lead === undefined)).toBe(true);
    expect(turns.at(-1)!.idempotencyKey).toBe(KEY);
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
    expect(turns.at(-1)!.state).toEqual({ offerOpen: false, capture: null, leadSentTo: "Niamh Doyle" });
  });

  it("links the privacy policy when it asks for the name", () => {
    const [turn] = play([{ type: "accept" }]);
    expect(turn!.replies[0]!.message.links).toEqual([{ href: "/privacy-policy", label: "How we use your details" }]);
  });

  it("also starts when the visitor answers the prompt with a yes", () => {
    const [, yes] = play([say("Can you call me?"), say("Yes please")]);
    expect(yes!.state.capture).toEqual({ step: "name", answers: {}, key: KEY });
  });

  it("a yes without an open offer is just a message", () => {
    const [turn] = play([say("yes")]);
    expect(turn!.state).toBe(INITIAL_STATE);
  });

  it("asks again, saying what is wrong, until the name, e-mail and phone are usable", () => {
    const turns = play([
      { type: "accept" },
      say("A"),
      say("siobhan@murphy.ie"),
      say("  Siobhán Murphy  "),
      say("Siobhan Murphy"),
      say("siobhan@"),
      say("siobhan@murphy.ie"),
      say("ring the shop"),
      say("086 55"),
      say("086 555 0199"),
      say("Partitions"),
      say("Two rooms"),
    ]);
    const text = (i: number) => turns[i]!.replies[0]!.message.text;
    const step = (i: number) => turns[i]!.state.capture?.step;
    expect(text(1)).toBe("I need at least 2 letters for your name. What's your name?");
    expect(step(1)).toBe("name");
    expect(text(2)).toBe("That looks like an email address: I'll ask for that next. What's your name?");
    expect(step(2)).toBe("name");
    expect(step(3)).toBe("email");
    expect(text(4)).toMatch(
      /^"Siobhan Murphy" doesn't look like an email address\. Please type it in full, like name@company\.ie, so our team can reply\.$/,
    );
    expect(text(5)).toMatch(/^"siobhan@" doesn't look like an email address/);
    expect(step(5)).toBe("email");
    expect(step(6)).toBe("phone");
    expect(text(7)).toBe(
      "That doesn't look like a phone number: it needs at least 7 digits. What's the best number to reach you on? (Or type skip.)",
    );
    expect(text(8)).toMatch(/^That doesn't look like a phone number/);
    expect(step(9)).toBe("projectType");
    expect(turns.slice(1, 9).every((t) => t.replies[0]!.message.isLeadCapture)).toBe(true);
    expect(turns.at(-1)!.lead).toMatchObject({
      name: "Siobhán Murphy",
      email: "siobhan@murphy.ie",
      phone: "086 555 0199",
      projectType: "Partitions",
      leadQuality: "warm",
    });
  });

  it("lets the visitor skip the phone, and keeps a typed project type as written", () => {
    const turns = play([
      { type: "accept" },
      say("Seán"),
      say("sean@example.ie"),
      say("skip"),
      say("a glass wall for the boardroom"),
      say("Ten metres long"),
    ]);
    expect(turns.at(-1)!.lead).toMatchObject({ phone: "", projectType: "a glass wall for the boardroom" });
  });

  it("stops asking a visitor who has sent their details, and never takes them twice", () => {
    const turns = play([
      { type: "accept" },
      ...["Niamh Doyle", "niamh@doyle.ie", "skip", "Partitions", "Two rooms"].map(say),
      say("Can I get a quote?"),
      say("yes"),
    ]);
    const after = turns.at(-2)!;
    expect(after.replies).toHaveLength(1);
    expect(after.replies[0]!.message.isLeadForm).toBeUndefined();
    expect(after.replies[0]!.message.text).toMatch(
      /^Quotes are free.* Your details are already with our team, Niamh Doyle, and we'll be in touch within one working day\./,
    );
    expect(after.state).toEqual({ offerOpen: false, capture: null, leadSentTo: "Niamh Doyle" });
    expect(turns.at(-1)!.state.capture).toBeNull();
    expect(turns.filter((t) => t.lead)).toHaveLength(1);
  });

  it("gives each capture its own key, kept through every step", () => {
    let n = 0;
    const keys = () => `key-${++n}`;
    const turns = play(
      [{ type: "accept" }, say("Niamh"), say("cancel"), { type: "accept" }, say("Niamh")],
      INITIAL_STATE,
      {
        newKey: keys,
      },
    );
    expect(turns[1]!.state.capture?.key).toBe("key-1");
    expect(turns[4]!.state.capture?.key).toBe("key-2");
  });

  it("treats trigger words inside answers as answers", () => {
    const turns = play([{ type: "accept" }, say("Quote Byrne")]);
    expect(turns[1]!.state.capture).toEqual({ step: "email", answers: { name: "Quote Byrne" }, key: KEY });
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

describe("typed answers to the offer", () => {
  it.each([
    ["yes", true],
    ["Yes please", true],
    ["ok", true],
    ["sure", true],
    ["sure, go ahead", true],
    ["Yep!", true],
    ["book a survey", true],
    ["yes please arrange a survey", true],
    ["Yes, contact me", true],
    ["please call me", true],
    ["yes I need a quote for two floors", true],
    ["no", false],
    ["no thanks, I'll call", false],
    ["yes but how much is it?", false],
    ["please don't", false],
    ["I don't want a survey", false],
    ["what does a survey involve", false],
    ["", false],
  ])("%j → %s", (text, expected) => {
    expect(isAffirmative(text)).toBe(expected);
  });

  it("typed agreement acts as 'Yes, contact me' while the offer is open", () => {
    for (const yes of ["yes please arrange a survey", "book a survey", "ok"]) {
      const [, turn] = play([say("Can I get a quote?"), say(yes)]);
      expect(turn!.state.capture?.step, yes).toBe("name");
      expect(turn!.replies[0]!.message.text, yes).toMatch(/What's your name\?/);
    }
  });

  it("a no closes the offer politely", () => {
    expect(isDecline("No thanks")).toBe(true);
    expect(isDecline("maybe later")).toBe(true);
    expect(isDecline("not sure what I need, can you explain partitions")).toBe(false);
    const [, no] = play([say("Can I get a quote?"), say("no thanks")]);
    expect(no!.state).toEqual(INITIAL_STATE);
    expect(no!.replies[0]!.message.text).toMatch(/^No problem\. If anything else comes up/);
  });
});

describe("price questions", () => {
  it("need the price table only outside a capture", () => {
    expect(needsPrices(INITIAL_STATE, say("How much is a glass partition?"))).toBe(true);
    expect(needsPrices(INITIAL_STATE, say("a quote for a glass partition"))).toBe(true);
    expect(needsPrices(INITIAL_STATE, say("Can I get a quote?"))).toBe(false);
    expect(needsPrices(INITIAL_STATE, say("Do you do repairs?"))).toBe(false);
    expect(needsPrices(INITIAL_STATE, { type: "accept" })).toBe(false);
    const capturing: ConversationState = { offerOpen: false, capture: { step: "details", answers: {}, key: KEY } };
    expect(needsPrices(capturing, say("how much for 120 m2?"))).toBe(false);
  });

  it("are answered from the table given, with the ballpark for an area, then the offer", () => {
    const prices = {
      ...DEFAULT_PRICE_LIST,
      items: DEFAULT_PRICE_LIST.items.map((i) => ({ ...i, low: i.low * 2, high: i.high * 2 })),
    };
    const [turn] = play(
      [say("How much would a suspended ceiling cost for an office of about 120 m2?")],
      INITIAL_STATE,
      {
        prices,
      },
    );
    const answer = turn!.replies[0]!.message;
    expect(answer.text).toContain(
      "Basic suspended ceiling (grid and mineral tiles), 120 m²: about €7,200–€14,400 (€60–€120 per m²)",
    );
    expect(answer.links?.[0]).toEqual({ href: "/estimate", label: "Instant price estimate" });
    expect(turn!.state.offerOpen).toBe(true);
    expect(turn!.replies[1]!.message.isLeadForm).toBe(true);
  });

  it("without the table, answer without figures and point to the estimate page", () => {
    const [turn] = play([say("What are your prices?")], INITIAL_STATE, { prices: null });
    expect(turn!.replies[0]!.message.text).not.toMatch(/€/);
    expect(turn!.replies[0]!.message.links?.[0]?.href).toBe("/estimate");
  });
});

it("offers the contact form's services as the project-type choices", () => {
  expect(PROJECT_CHOICES).toEqual([
    "Partitions",
    "Suspended Ceilings",
    "Shop Ceiling Installation",
    "Ceiling Repairs",
    "Other",
  ]);
});
