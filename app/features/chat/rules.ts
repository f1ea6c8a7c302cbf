// The chat assistant's rules (spec section 4), as pure functions: no timers, no randomness of their
// own (the random source is a parameter), no DOM. The widget and the server both use them; the
// server recomputes a lead's quality with leadQuality() rather than trusting the browser.
//
// Keyword matching: a message is split into lower-cased words (letters and digits, any script;
// apostrophes inside a word kept), and a keyword matches whole words only, so "contractor" never
// matches "contact" and "restore" never matches "store". Each keyword lists the forms that count
// (plural, -ing, …), and a two-word keyword ("call me", "shop ceiling") matches those words next
// to each other. When several canned topics match, the more specific one answers:
// "shop ceiling" before "shop", "repair" before "ceiling", and so on (CANNED_ORDER).

import { asksCost, ESTIMATE_LABEL, priceAnswer, type PriceTable } from "./price-answers";
import { wordsOf } from "./words";

export { wordsOf };

export type ChatLink = { href: string; label: string };
export type BotReply = { text: string; links?: ChatLink[] };
export type LeadQuality = "hot" | "warm";

/** What the canned answers say about the business (from the business config). */
export type ChatFacts = {
  name: string;
  phone: string;
  phoneE164: string;
  hoursLabel: string;
  serviceRadiusKm: number;
};

/** A random number in [0, 1), like Math.random; injectable so tests are deterministic. */
export type RandomSource = () => number;

// Spec sections 4 and 9.
export const REPLY_DELAY_MS = 1000;
export const REPLY_JITTER_MS = 1000;
export const LEAD_FORM_DELAY_MS = 1000;

/** The bot "types" for 1000 ms plus up to 1000 ms at random. */
export function replyDelayMs(random: RandomSource = Math.random): number {
  return REPLY_DELAY_MS + Math.floor(clamp01(random()) * REPLY_JITTER_MS);
}

function clamp01(n: number): number {
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), 0.999_999) : 0;
}

/** The forms of each keyword that count as a mention. */
export const KEYWORDS = {
  // Lead-offer triggers (spec: quote, price, estimate, contact, schedule, book, appointment, call me).
  quote: ["quote", "quotes", "quotation", "quotations", "quoted"],
  price: ["price", "prices", "pricing", "priced"],
  estimate: ["estimate", "estimates"],
  contact: ["contact"],
  schedule: ["schedule", "scheduling"],
  book: ["book", "booking"],
  appointment: ["appointment", "appointments"],
  "call me": ["call me"],
  // Retail words (a retail word alone also triggers an offer, with the shop wording).
  shop: ["shop", "shops"],
  retail: ["retail", "retailer", "retailers"],
  store: ["store", "stores"],
  // Other canned topics.
  "shop ceiling": ["shop ceiling", "shop ceilings", "shops ceiling", "shops ceilings"],
  services: ["service", "services"],
  office: ["office", "offices"],
  ceiling: ["ceiling", "ceilings"],
  repair: ["repair", "repairs", "repaired", "repairing"],
  help: ["help"],
  commercial: ["commercial"],
  // Lead quality (spec section 4).
  business: ["business", "businesses"],
  urgent: ["urgent", "urgently"],
  asap: ["asap"],
  immediately: ["immediately"],
  soon: ["soon"],
  // Asking for a visit: "can you arrange a visit", "a site survey".
  arrange: ["arrange", "arranging"],
  visit: ["visit", "visits", "survey", "surveys"],
} as const satisfies Record<string, ReadonlyArray<string>>;

export type Keyword = keyof typeof KEYWORDS;

/** Whether the words contain one of the keyword's forms (a form of two words: adjacent words). */
export function mentions(words: ReadonlyArray<string>, keyword: Keyword): boolean {
  return KEYWORDS[keyword].some((form) => {
    const parts = form.split(" ");
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((part, j) => words[i + j] === part)) return true;
    }
    return false;
  });
}

const mentionsAny = (words: ReadonlyArray<string>, keywords: ReadonlyArray<Keyword>) =>
  keywords.some((k) => mentions(words, k));

export const TRIGGER_KEYWORDS = [
  "quote",
  "price",
  "estimate",
  "contact",
  "schedule",
  "book",
  "appointment",
  "call me",
] as const satisfies ReadonlyArray<Keyword>;
export const RETAIL_KEYWORDS = ["shop", "retail", "store"] as const satisfies ReadonlyArray<Keyword>;
/** The spec's canned keywords, most specific first: the first one a message mentions answers. */
export const CANNED_ORDER = [
  "shop ceiling",
  "shop",
  "retail",
  "store",
  "repair",
  "office",
  "commercial",
  "ceiling",
  "price",
  "quote",
  "contact",
  "services",
  "help",
] as const satisfies ReadonlyArray<Keyword>;
export type CannedTopic = (typeof CANNED_ORDER)[number];

const PAGES = {
  partitions: { href: "/partitions", label: "Office partitions" },
  ceilings: { href: "/suspended-ceilings", label: "Suspended ceilings" },
  shopCeiling: { href: "/shop-ceiling", label: "Shop ceiling installation" },
  specialists: { href: "/shop-ceiling-specialists", label: "Shop ceiling specialists" },
  repair: { href: "/ceiling-repair", label: "Ceiling repairs" },
  contact: { href: "/contact-us", label: "Contact us" },
  gallery: { href: "/gallery", label: "Project gallery" },
  estimate: { href: "/estimate", label: ESTIMATE_LABEL },
  book: { href: "/book", label: "Book a site survey" },
} satisfies Record<string, ChatLink>;

/** Said (with a link to /book) when someone asks to book, schedule or arrange a visit. */
export const BOOK_TEXT = "You can also pick a time for the free site survey yourself on our booking page.";

/** Said (with a link to /estimate) whenever someone asks about price or an estimate. */
export const ESTIMATOR_TEXT =
  "For a ballpark figure for your own job, try our instant estimate: pick the work, enter the size and see a price range in seconds.";

export const phoneLink = (facts: ChatFacts): ChatLink => ({ href: `tel:${facts.phoneE164}`, label: facts.phone });
const area = (facts: ChatFacts) => `Dublin, Kildare and the surrounding counties within ${facts.serviceRadiusKm} km`;

/** The canned answer for each topic, written from the site's own copy. */
export function cannedAnswer(topic: CannedTopic, facts: ChatFacts): BotReply {
  switch (topic) {
    case "shop ceiling":
      return {
        text: "Shop ceilings are one of our specialities. Most shop and salon ceilings are installed in 3 to 5 days, working evenings, overnight or at weekends so you keep trading, with your lighting built into the grid.",
        links: [PAGES.shopCeiling, PAGES.specialists],
      };
    case "shop":
      return {
        text: "We fit ceilings for shops, pharmacies, salons and retail units. Most shops are finished in 3 to 5 days, out of hours, with stock and fixtures protected and the floor left clean every morning.",
        links: [PAGES.specialists, PAGES.shopCeiling],
      };
    case "retail":
      return {
        text: "Retail ceilings are a large part of our work every week: out-of-hours installs, integrated lighting and most units finished in 3 to 5 days.",
        links: [PAGES.specialists, PAGES.gallery],
      };
    case "store":
      return {
        text: "For stores we work evenings, overnight or at weekends so you never have to close, and most store ceilings are finished in 3 to 5 days.",
        links: [PAGES.shopCeiling, PAGES.gallery],
      };
    case "repair":
      return {
        text: `We repair water-stained, sagging and broken suspended ceilings, with new tiles matched to your existing ones, and fire-rated ceilings keep their rating. Urgent repairs are often attended the same or next working day: for a leak, call us on ${facts.phone}.`,
        links: [PAGES.repair, phoneLink(facts)],
      };
    case "office":
      return {
        text: "For offices we build glass, acoustic, demountable, drywall and fire-rated partitions (30, 60 or 90 minutes), and fit suspended ceilings with acoustic tiles up to NRC 0.95, with the noisy work planned around your staff.",
        links: [PAGES.partitions, PAGES.ceilings],
      };
    case "commercial":
      return {
        text: `We fit out commercial interiors of every kind: offices, shops, salons and other business premises across ${area(facts)}. Have a look at some recent projects in our gallery.`,
        links: [PAGES.gallery, PAGES.partitions],
      };
    case "ceiling":
      return {
        text: "Our suspended ceilings use 15mm or 24mm grids with Square, Tegular or Vector edge tiles in over 30 colours, with acoustic tiles up to NRC 0.95 and fire ratings of 30, 60 or 90 minutes. Ask me what one would cost for your space.",
        links: [PAGES.ceilings, PAGES.repair],
      };
    case "price":
      return {
        // Without the price table (it could not be fetched): no figures rather than stale ones.
        text: `Every job is priced after a free site survey, with a fixed, itemised quote. ${ESTIMATOR_TEXT}`,
        links: [PAGES.estimate, PAGES.ceilings, PAGES.contact],
      };
    case "quote":
      return {
        text: "Quotes are free and without obligation: we visit for a site survey, then send you a fixed, itemised quote and a programme.",
        links: [PAGES.contact],
      };
    case "contact":
      return {
        text: `You can call us on ${facts.phone} (${facts.hoursLabel}), use our contact form, or leave your details here and we'll get back to you within one working day.`,
        links: [phoneLink(facts), PAGES.contact],
      };
    case "services":
      return {
        text: `We install suspended ceilings, office partitions (fire-rated, acoustic, glass, demountable and drywall) and shop and salon ceilings, and repair damaged ceilings, across ${area(facts)}.`,
        links: [PAGES.ceilings, PAGES.partitions, PAGES.shopCeiling, PAGES.repair],
      };
    case "help":
      return {
        text: "Happy to help! Ask me about suspended ceilings, office partitions, shop ceilings or ceiling repairs: prices, timings or the areas we cover. Or ask for a free quote and I'll take your details.",
      };
  }
}

export function genericReplies(facts: ChatFacts): string[] {
  return [
    "I'm not sure I understood that. I can tell you about suspended ceilings, office partitions, shop ceilings and ceiling repairs, or arrange a free quote.",
    `Thanks for your message! We work across ${area(facts)}. Could you tell me a little more about your project?`,
    `Good question. One of our team can answer that properly: ask for a quote and we'll contact you, or call us on ${facts.phone} (${facts.hoursLabel}).`,
    "Could you tell me a bit more? For example the type of space (office, shop or salon), roughly how big it is, and when you'd like the work done.",
  ];
}

export type RuleReply =
  /** Offer to take the visitor's details; the lead-form prompt follows LEAD_FORM_DELAY_MS later. */
  | {
      kind: "offer";
      shop: boolean;
      reply: BotReply;
      /** The reply without the offer: what is said instead once the visitor's details are with the team. */
      answer?: BotReply;
    }
  | { kind: "canned"; topic: CannedTopic; reply: BotReply }
  | { kind: "generic"; reply: BotReply };

/**
 * The bot's answer to a free-text message, in the spec's order: a trigger word makes a lead offer
 * (shop wording when a retail word is also present); a retail word alone makes the shop offer;
 * otherwise the most specific canned answer; otherwise a random generic reply.
 *
 * An offer starts with the answer to what was asked (a shop question the shop facts), so the
 * quote, price, contact, shop, retail, store and shop-ceiling answers are heard even though those
 * words also trigger the offer. A question about price is answered from the price table when the
 * caller has it (price-answers.ts) and is an offer too: someone asking what a job costs is
 * offered the survey that confirms it. Every cost or estimate question hears about /estimate.
 */
export function botReply(
  message: string,
  facts: ChatFacts,
  random: RandomSource = Math.random,
  prices?: PriceTable | null,
): RuleReply {
  const words = wordsOf(message);
  const cost = asksCost(message);
  const priced = prices ? priceAnswer(message, prices) : undefined;
  const booking =
    mentionsAny(words, ["book", "schedule", "appointment"]) || (mentions(words, "arrange") && mentions(words, "visit"));
  const trigger = mentionsAny(words, TRIGGER_KEYWORDS) || cost || booking;
  const retail = mentionsAny(words, RETAIL_KEYWORDS);
  const topic = CANNED_ORDER.find((k) => mentions(words, k));
  const offerEstimator = (reply: BotReply): BotReply =>
    !(cost || mentions(words, "estimate")) || reply.links?.some((l) => l.href.startsWith(PAGES.estimate.href))
      ? reply
      : { text: `${reply.text} ${ESTIMATOR_TEXT}`, links: [PAGES.estimate, ...(reply.links ?? [])] };

  const offerBooking = (reply: BotReply): BotReply =>
    booking ? { text: `${reply.text} ${BOOK_TEXT}`, links: [PAGES.book, ...(reply.links ?? [])] } : reply;

  if (trigger || retail) {
    const intro = priced ?? (topic && topic !== "help" ? cannedAnswer(topic, facts) : undefined);
    const offer = retail
      ? "I can arrange a free survey of your shop, outside trading hours if you prefer, and a fixed quote with a night-by-night programme."
      : "I can arrange a free consultation and site survey, and a fixed, itemised quote.";
    return {
      kind: "offer",
      shop: retail,
      reply: offerBooking(
        offerEstimator({
          // A price list reads line by line: the offer gets a line of its own after it.
          text: intro ? `${intro.text}${intro.text.includes("\n") ? "\n" : " "}${offer}` : offer,
          ...(intro?.links ? { links: intro.links } : {}),
        }),
      ),
      ...(intro ? { answer: offerEstimator(intro) } : {}),
    };
  }
  if (topic) return { kind: "canned", topic, reply: offerEstimator(cannedAnswer(topic, facts)) };
  const replies = genericReplies(facts);
  return { kind: "generic", reply: { text: replies[Math.floor(clamp01(random()) * replies.length)]! } };
}

const HOT_PROJECT_WORDS = [
  "shop",
  "retail",
  "store",
  "commercial",
  "business",
] as const satisfies ReadonlyArray<Keyword>;
const URGENT_WORDS = ["urgent", "asap", "immediately", "soon"] as const satisfies ReadonlyArray<Keyword>;

/**
 * Spec section 4: hot if the project type or details mention shop, retail, store, commercial or
 * business; or the details mention urgent, asap, immediately or soon; or the project type
 * mentions repair. Otherwise warm.
 */
export function leadQuality(lead: { projectType?: string | null; details?: string | null }): LeadQuality {
  const project = wordsOf(lead.projectType ?? "");
  const details = wordsOf(lead.details ?? "");
  if (mentionsAny(project, HOT_PROJECT_WORDS) || mentionsAny(details, HOT_PROJECT_WORDS)) return "hot";
  if (mentionsAny(details, URGENT_WORDS)) return "hot";
  if (mentions(project, "repair")) return "hot";
  return "warm";
}
