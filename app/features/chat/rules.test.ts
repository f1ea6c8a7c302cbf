import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import {
  BOOK_TEXT,
  botReply,
  CANNED_ORDER,
  cannedAnswer,
  genericReplies,
  type KEYWORDS,
  LEAD_FORM_DELAY_MS,
  leadQuality,
  mentions,
  replyDelayMs,
  RETAIL_KEYWORDS,
  TRIGGER_KEYWORDS,
  wordsOf,
  type CannedTopic,
  type ChatFacts,
} from "./rules";

const facts: ChatFacts = {
  name: "IC Interiors",
  phone: "01 555 0192",
  phoneE164: "+35315550192",
  hoursLabel: "Monday–Friday: 8:00–18:00",
  serviceRadiusKm: 50,
};
const fixed = (n: number) => () => n;

describe("delays (spec section 9)", () => {
  it.each([
    [0, 1000],
    [0.25, 1250],
    [0.5, 1500],
    [0.9999, 1999],
  ])("a reply waits 1000 ms plus up to 1000 ms: random %f → %i ms", (random, ms) => {
    expect(replyDelayMs(fixed(random))).toBe(ms);
  });

  it("keeps within 1000–1999 ms even for a broken random source", () => {
    for (const r of [-1, 1, 7, Number.NaN, Number.POSITIVE_INFINITY]) {
      const ms = replyDelayMs(fixed(r));
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThan(2000);
    }
  });

  it("uses Math.random by default, and the lead-form prompt follows the offer after 1000 ms", () => {
    for (let i = 0; i < 100; i++) {
      const ms = replyDelayMs();
      expect(ms >= 1000 && ms < 2000).toBe(true);
    }
    expect(LEAD_FORM_DELAY_MS).toBe(1000);
  });
});

describe("keyword matching: whole words, any case", () => {
  it("splits a message into lower-case words", () => {
    expect(wordsOf("Can you QUOTE for my Shop-Ceiling? I’m in D12!")).toEqual([
      "can",
      "you",
      "quote",
      "for",
      "my",
      "shop",
      "ceiling",
      "i'm",
      "in",
      "d12",
    ]);
    expect(wordsOf("  ")).toEqual([]);
  });

  it.each<[string, keyof typeof KEYWORDS, boolean]>([
    ["Need a QUOTE", "quote", true],
    ["two quotes please", "quote", true],
    ["what are your prices", "price", true],
    ["a rough estimate", "estimate", true],
    ["please contact me", "contact", true],
    ["the contractor was late", "contact", false],
    ["can we schedule it", "schedule", true],
    ["I'd like to book", "book", true],
    ["bookshop fit-out", "book", false],
    ["on facebook", "book", false],
    ["an appointment", "appointment", true],
    ["Call me tomorrow", "call me", true],
    ["call us, or me", "call me", false],
    ["my shop", "shop", true],
    ["shopping centre", "shop", false],
    ["retail unit", "retail", true],
    ["we're a retailer", "retail", true],
    ["my store", "store", true],
    ["restore the ceiling", "store", false],
    ["a shop ceiling", "shop ceiling", true],
    ["SHOP CEILINGS", "shop ceiling", true],
    ["shop with a new ceiling", "shop ceiling", false],
    ["your services", "services", true],
    ["office move", "office", true],
    ["officer", "office", false],
    ["ceiling tiles", "ceiling", true],
    ["a repair", "repair", true],
    ["repaired", "repair", true],
    ["help!", "help", true],
    ["helpful", "help", false],
    ["commercial unit", "commercial", true],
  ])("%j mentions %s: %s", (text, keyword, expected) => {
    expect(mentions(wordsOf(text), keyword)).toBe(expected);
  });
});

describe("bot reply rules, in the spec's order", () => {
  it.each(TRIGGER_KEYWORDS)("a trigger word (%s) makes a lead offer with the general wording", (keyword) => {
    const reply = botReply(`Hi, ${keyword} please`, facts);
    expect(reply).toMatchObject({ kind: "offer", shop: false });
    expect(reply.reply.text).toContain("free consultation and site survey");
  });

  it.each(TRIGGER_KEYWORDS.flatMap((t) => RETAIL_KEYWORDS.map((r) => [t, r] as const)))(
    "a trigger word (%s) with a retail word (%s) makes the shop offer",
    (trigger, retail) => {
      const reply = botReply(`${trigger} for my ${retail}`, facts);
      expect(reply).toMatchObject({ kind: "offer", shop: true });
      expect(reply.reply.text).toContain("free survey of your shop, outside trading hours");
    },
  );

  it.each(RETAIL_KEYWORDS)("a retail word alone (%s) also makes the shop offer", (retail) => {
    const reply = botReply(`I have a ${retail} in Swords`, facts);
    expect(reply).toMatchObject({ kind: "offer", shop: true });
    expect(reply.reply.text).toContain("3 to 5 days");
  });

  it("a question about price or an estimate is offered the instant estimate page", () => {
    for (const message of ["What are your prices?", "Can I get an estimate for my office?", "rough estimate please"]) {
      const { reply } = botReply(message, facts);
      expect(reply.text).toContain("try our instant estimate");
      expect(reply.links?.[0]).toEqual({ href: "/estimate", label: "Instant price estimate" });
    }
    // Other questions are not.
    expect(botReply("Can I get a quote?", facts).reply.links?.some((l) => l.href === "/estimate")).toBeFalsy();
    expect(botReply("Do you do repairs?", facts).reply.text).not.toContain("instant estimate");
  });

  it("an offer opens with the answer to what was asked", () => {
    // Without the price table (not fetched, or it failed): no figures at all rather than stale ones.
    expect(botReply("What are your prices?", facts).reply.text).toMatch(
      /^Every job is priced after a free site survey/,
    );
    // With it: the table's figures, for the service asked about.
    expect(botReply("What are your prices?", facts, Math.random, DEFAULT_PRICE_LIST).reply.text).toMatch(
      /^Our current rates, supplied and fitted, before VAT \(13\.5%\):\n• Suspended ceilings: from €30 per m²/,
    );
    expect(botReply("quote for a shop ceiling", facts, Math.random, DEFAULT_PRICE_LIST)).toMatchObject({
      kind: "offer",
      shop: true,
      reply: { text: expect.stringMatching(/^Our current rates for shop ceilings.*€45–€95 per m²/s) },
    });
    expect(botReply("Can I get a quote?", facts).reply.text).toMatch(/^Quotes are free/);
    expect(botReply("How do I contact you", facts).reply).toMatchObject({
      text: expect.stringMatching(/^You can call us on 01 555 0192 \(Monday–Friday: 8:00–18:00\)/),
      links: [
        { href: "tel:+35315550192", label: "01 555 0192" },
        { href: "/contact-us", label: "Contact us" },
      ],
    });
    expect(botReply("quote for a shop ceiling", facts).reply.text).toMatch(
      /^Shop ceilings are one of our specialities/,
    );
    expect(botReply("price to repair my office ceiling", facts).reply.text).toMatch(/^We repair water-stained/);
    // No canned topic (or only "help"): the offer alone.
    expect(botReply("Please call me", facts).reply).toEqual({
      text: "I can arrange a free consultation and site survey, and a fixed, itemised quote.",
    });
    // Asking to book, schedule or arrange a visit: the offer, and the booking page.
    expect(botReply("help me book a visit", facts).reply).toEqual({
      text: `I can arrange a free consultation and site survey, and a fixed, itemised quote. ${BOOK_TEXT}`,
      links: [{ href: "/book", label: "Book a site survey" }],
    });
    for (const message of [
      "Can we schedule a survey next week?",
      "could you arrange a visit to the unit",
      "I'd like an appointment",
    ])
      expect(botReply(message, facts).reply.links?.[0]?.href, message).toBe("/book");
    expect(botReply("Please call me", facts).reply.links).toBeUndefined();
  });

  const cannedOnly: Array<[string, CannedTopic]> = [
    ["What services do you offer?", "services"],
    ["We are moving office", "office"],
    ["My ceiling is old", "ceiling"],
    ["Do you do repairs?", "repair"],
    ["help", "help"],
    ["Is it a commercial job?", "commercial"],
    // More specific topics win when several match.
    ["ceiling repair", "repair"],
    ["office ceiling", "office"],
    ["commercial ceiling", "commercial"],
    ["help with services", "services"],
  ];
  it.each(cannedOnly)("otherwise a canned answer: %j → %s", (text, topic) => {
    expect(botReply(text, facts)).toEqual({ kind: "canned", topic, reply: cannedAnswer(topic, facts) });
  });

  it("'shop ceiling' answers before 'shop'", () => {
    expect(CANNED_ORDER.indexOf("shop ceiling")).toBeLessThan(CANNED_ORDER.indexOf("shop"));
    expect(botReply("shop ceiling", facts).reply.text).toBe(
      `${cannedAnswer("shop ceiling", facts).text} I can arrange a free survey of your shop, outside trading hours if you prefer, and a fixed quote with a night-by-night programme.`,
    );
    expect(botReply("my shop", facts).reply.text).toMatch(/^We fit ceilings for shops/);
  });

  it("otherwise a generic reply, chosen by the injected random source", () => {
    const generic = genericReplies(facts);
    expect(botReply("Hello there", facts, fixed(0))).toEqual({ kind: "generic", reply: { text: generic[0] } });
    expect(botReply("Hello there", facts, fixed(0.3))).toEqual({ kind: "generic", reply: { text: generic[1] } });
    expect(botReply("Hello there", facts, fixed(0.9999))).toEqual({ kind: "generic", reply: { text: generic[3] } });
    expect(botReply("", facts, fixed(0)).kind).toBe("generic");
  });
});

describe("canned answers use the site's facts and link to the right page", () => {
  const expected: Record<CannedTopic, { says: string[]; links: string[] }> = {
    "shop ceiling": {
      says: ["3 to 5 days", "evenings, overnight or at weekends"],
      links: ["/shop-ceiling", "/shop-ceiling-specialists"],
    },
    shop: { says: ["3 to 5 days"], links: ["/shop-ceiling-specialists", "/shop-ceiling"] },
    retail: { says: ["3 to 5 days"], links: ["/shop-ceiling-specialists", "/gallery"] },
    store: { says: ["3 to 5 days"], links: ["/shop-ceiling", "/gallery"] },
    repair: { says: ["same or next working day", "01 555 0192"], links: ["/ceiling-repair", "tel:+35315550192"] },
    office: {
      says: ["30, 60 or 90 minutes", "NRC 0.95", "glass, acoustic, demountable, drywall"],
      links: ["/partitions", "/suspended-ceilings"],
    },
    commercial: {
      says: ["Dublin, Kildare and the surrounding counties within 50 km"],
      links: ["/gallery", "/partitions"],
    },
    ceiling: {
      says: [
        "15mm or 24mm",
        "Square, Tegular or Vector",
        "over 30 colours",
        "what one would cost",
        "NRC 0.95",
        "30, 60 or 90 minutes",
      ],
      links: ["/suspended-ceilings", "/ceiling-repair"],
    },
    price: {
      says: ["free site survey", "instant estimate"],
      links: ["/estimate", "/suspended-ceilings", "/contact-us"],
    },
    quote: { says: ["free", "site survey"], links: ["/contact-us"] },
    contact: {
      says: ["01 555 0192", "Monday–Friday: 8:00–18:00", "within one working day"],
      links: ["tel:+35315550192", "/contact-us"],
    },
    services: {
      says: [
        "suspended ceilings",
        "office partitions",
        "shop and salon ceilings",
        "repair",
        "Dublin, Kildare and the surrounding counties within 50 km",
      ],
      links: ["/suspended-ceilings", "/partitions", "/shop-ceiling", "/ceiling-repair"],
    },
    help: { says: ["free quote"], links: [] },
  };
  it.each(CANNED_ORDER)("%s", (topic) => {
    const answer = cannedAnswer(topic, facts);
    for (const fact of expected[topic].says) expect(answer.text).toContain(fact);
    expect((answer.links ?? []).map((l) => l.href)).toEqual(expected[topic].links);
  });

  it("types no price into any answer: figures come from the price table only", () => {
    for (const topic of CANNED_ORDER) expect(cannedAnswer(topic, facts).text).not.toMatch(/€|\d+ per m/);
    for (const text of genericReplies(facts)) expect(text).not.toContain("€");
  });

  it("a cost question without a trigger word still offers the survey and the estimate page", () => {
    const reply = botReply("How much would a partition cost?", facts);
    expect(reply).toMatchObject({ kind: "offer", shop: false });
    expect(reply.reply.links?.[0]?.href).toBe("/estimate");
  });

  it("every spec keyword has a canned answer", () => {
    const spec = [
      "quote",
      "price",
      "services",
      "contact",
      "office",
      "ceiling",
      "repair",
      "help",
      "shop",
      "retail",
      "store",
      "commercial",
      "shop ceiling",
    ];
    expect([...CANNED_ORDER].sort()).toEqual(spec.sort());
  });

  it("uses the configured phone number and service radius", () => {
    const other = { ...facts, phone: "01 999 9999", phoneE164: "+35319999999", serviceRadiusKm: 40 };
    expect(cannedAnswer("contact", other).text).toContain("01 999 9999");
    expect(cannedAnswer("contact", other).links?.[0]).toEqual({ href: "tel:+35319999999", label: "01 999 9999" });
    expect(cannedAnswer("services", other).text).toContain("within 40 km");
  });
});

describe("lead quality (spec section 4)", () => {
  type Case = [what: string, lead: { projectType: string; details: string }, quality: "hot" | "warm"];
  const c = (what: string, projectType: string, details: string, quality: "hot" | "warm"): Case => [
    what,
    { projectType, details },
    quality,
  ];
  const cases: Case[] = [
    // The project type or the details mention shop, retail, store, commercial or business.
    ...["shop", "retail", "store", "commercial", "business"].flatMap((word) => [
      c(`project type mentions ${word}`, `New ${word} fit-out`, "About 80 square metres", "hot"),
      c(`details mention ${word}`, "Suspended ceiling", `It is for our ${word}`, "hot"),
      c(`project type mentions ${word.toUpperCase()}`, word.toUpperCase(), "x", "hot"),
    ]),
    c(
      "plural forms count (shops, stores, businesses)",
      "Ceilings",
      "two shops, three stores, several businesses",
      "hot",
    ),
    // The details mention urgent, asap, immediately or soon.
    ...["urgent", "asap", "immediately", "soon"].map((word) =>
      c(`details mention ${word}`, "Office partitions", `We need it ${word}`, "hot"),
    ),
    c("details mention ASAP in capitals", "Office partitions", "ASAP please", "hot"),
    c("only the details count for urgency: project type 'urgent'", "Urgent partitions", "Meeting rooms", "warm"),
    // The project type mentions repair.
    c("project type mentions repair", "Ceiling repair", "Water damage in the kitchen", "hot"),
    c("project type mentions repairs", "Repairs", "Tiles", "hot"),
    c(
      "only the project type counts for repair: details 'repair'",
      "Suspended ceiling",
      "Replace rather than repair",
      "warm",
    ),
    // Otherwise warm; words are matched whole.
    c("nothing that makes it hot", "Office partitions", "Two meeting rooms in Sandyford, next spring", "warm"),
    c("'restore' is not 'store'", "Restore a ceiling", "Home office", "warm"),
    c("'soonest' is not 'soon'", "Partitions", "at your soonest convenience", "warm"),
    c("empty answers", "", "", "warm"),
  ];
  it.each(cases)("%s", (_what, lead, quality) => {
    expect(leadQuality(lead)).toBe(quality);
  });

  it("treats missing fields as empty", () => {
    expect(leadQuality({})).toBe("warm");
    expect(leadQuality({ projectType: null, details: "asap" })).toBe("hot");
  });
});
