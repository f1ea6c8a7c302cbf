// The conversation as a pure state machine: given the state and what the visitor did, it returns
// the next state, the bot messages to show (each with the delay before it) and, when the last
// detail is given, the finished lead. The widget only runs the timers and renders.
import { SERVICE_OPTIONS } from "~/features/contact/contact-fields";
import { LEAD_LIMITS, LEAD_STEPS, leadAnswerError, type LeadStep } from "./chat-lead-schema";
import { needsPriceTable, type PriceTable } from "./price-answers";
import {
  botReply,
  LEAD_FORM_DELAY_MS,
  leadQuality,
  phoneLink,
  replyDelayMs,
  wordsOf,
  type ChatFacts,
  type ChatLink,
  type LeadQuality,
  type RandomSource,
} from "./rules";

/** Spec section 3: Chat message (links added: canned answers point to the right page). */
export type ChatMessage = {
  id: string;
  text: string;
  sender: "bot" | "user";
  timestamp: string;
  /** The prompt that offers 'Yes, contact me' and "I'll call instead". */
  isLeadForm?: boolean;
  /** A question asked while capturing a lead. */
  isLeadCapture?: boolean;
  links?: ChatLink[];
  /** Quick replies offered under the message while its question is open (they send their text). */
  choices?: string[];
};

export type BotMessage = Omit<ChatMessage, "id" | "sender" | "timestamp">;

/** Spec section 3: Chat lead, exactly the fields kept in localStorage ic_interior_leads. */
export type ChatLead = {
  name: string;
  email: string;
  phone: string;
  projectType: string;
  details: string;
  leadQuality: LeadQuality;
  /** ISO 8601. */
  timestamp: string;
};

export { LEAD_LIMITS, LEAD_STEPS, type LeadStep };
export const MESSAGE_LIMIT = 1000;

export type LeadCapture = {
  step: LeadStep;
  answers: Partial<Record<LeadStep, string>>;
  /** The lead's idempotency key, chosen when the capture starts, so however often it is sent it is stored once. */
  key: string;
};

export type ConversationState = {
  /** The lead-form prompt is showing its buttons. */
  offerOpen: boolean;
  /** Capturing a lead: the step whose answer comes next and the answers so far. */
  capture: LeadCapture | null;
  /** The name on the lead this conversation has sent: it is not offered (nor captured) again. */
  leadSentTo?: string;
};

export const INITIAL_STATE: ConversationState = { offerOpen: false, capture: null };

export type VisitorAction =
  | { type: "message"; text: string }
  /** 'Yes, contact me'. */
  | { type: "accept" }
  /** "I'll call instead". */
  | { type: "call" };

export type ScheduledMessage = { delayMs: number; message: BotMessage };
export type Turn = {
  state: ConversationState;
  replies: ScheduledMessage[];
  /** The finished lead, with the key its capture was given. */
  lead?: ChatLead;
  idempotencyKey?: string;
};
export type TurnContext = {
  facts: ChatFacts;
  random?: RandomSource;
  now?: () => Date;
  /** A new idempotency key (lead-outbox.ts newIdempotencyKey in the browser). */
  newKey?: () => string;
  /** The price table, when the message asks about price (null: it could not be fetched). */
  prices?: PriceTable | null;
};

export const ACCEPT_LABEL = "Yes, contact me";
export const CALL_LABEL = "I'll call instead";

export function greeting(facts: ChatFacts): BotMessage {
  return {
    text: `Hi! I'm the ${facts.name} assistant. Ask me about suspended ceilings, office partitions, shop ceilings or repairs, or ask for a free quote.`,
  };
}

/** The project-type step's quick replies: the contact form's services, so leads group the same way. */
export const PROJECT_CHOICES: ReadonlyArray<string> = SERVICE_OPTIONS;
export const SKIP_PHONE = "skip";

const QUESTIONS: Record<LeadStep, (answers: Partial<Record<LeadStep, string>>) => string> = {
  name: () =>
    "Great! A few quick questions so the right person can get back to you. What's your name? (Type cancel at any time to stop.)",
  email: (a) => `Thanks, ${a.name}. What email address should we use?`,
  phone: () => `And the best phone number to reach you on? (Type ${SKIP_PHONE} if you'd rather we emailed.)`,
  projectType: () =>
    "What type of project is it? Choose one below or describe it in your own words, for example a glass partition for a meeting room.",
  details: () =>
    "Lastly, tell us a little about the job: the size of the space, where it is and when you'd like it done.",
};

/** What the bot says when an answer cannot be used, before asking again. */
function problemWith(step: LeadStep, answer: string): string | undefined {
  if (step === "name") {
    // An address typed a question early would become the name, and the address a question late.
    if (!leadAnswerError("email", answer)) return "That looks like an email address: I'll ask for that next.";
    if (leadAnswerError("name", answer)) return "I need at least 2 letters for your name.";
  }
  if (step === "email" && leadAnswerError("email", answer))
    return `"${answer}" doesn't look like an email address. Please type it in full, like name@company.ie, so our team can reply.`;
  if (step === "phone" && leadAnswerError("phone", answer))
    return "That doesn't look like a phone number: it needs at least 7 digits.";
  // Whatever else the server would refuse (an answer of control characters only).
  if (leadAnswerError(step, answer)) return "Sorry, I didn't catch that.";
  return undefined;
}

/** The question asked again after the problem (the e-mail's problem already says what to type). */
const REASK: Partial<Record<LeadStep, string | null>> = {
  name: "What's your name?",
  email: null,
  phone: `What's the best number to reach you on? (Or type ${SKIP_PHONE}.)`,
};

const PRIVACY_LINK: ChatLink = { href: "/privacy-policy", label: "How we use your details" };

const YES = new Set([
  "yes",
  "y",
  "yeah",
  "yea",
  "yep",
  "yup",
  "sure",
  "ok",
  "okay",
  "please",
  "absolutely",
  "definitely",
  "certainly",
  "grand",
  "perfect",
  "great",
  "go",
]);
const NO = new Set(["no", "nope", "nah", "not", "don't", "dont", "never", "later"]);
/** Words that open a question ("can you" and "could you" open requests too, so they are not here). */
const QUESTION = new Set(["what", "how", "when", "where", "why", "which", "who", "does", "do", "is", "are"]);
/** Words that ask for the survey, call or quote the offer is about. */
const CONTACT_REQUEST = new Set([
  "book",
  "arrange",
  "organise",
  "organize",
  "schedule",
  "survey",
  "visit",
  "consultation",
  "appointment",
  "quote",
  "contact",
  "call",
  "ring",
]);

/**
 * A visitor answering the lead-form prompt in words rather than with the button: a short yes
 * ("yes please", "ok", "sure, go ahead"), a yes with a request ("yes please arrange a survey"), or
 * the request alone ("book a survey", "contact me"). Never with a no in it, nor a question, which
 * deserves an answer instead.
 */
export function isAffirmative(text: string): boolean {
  const words = wordsOf(text);
  if (!words.length || text.includes("?") || QUESTION.has(words[0]!)) return false;
  if (words.some((w) => NO.has(w) || w.endsWith("n't"))) return false;
  const requests = words.some((w) => CONTACT_REQUEST.has(w));
  return YES.has(words[0]!) ? words.length <= 4 || requests : requests && words.length <= 8;
}

/** "No thanks", "not now", "maybe later": the visitor turns the offer down. */
export function isDecline(text: string): boolean {
  const words = wordsOf(text);
  return (
    words.length > 0 &&
    words.length <= 4 &&
    (["no", "nope", "nah", "not"].includes(words[0]!) || (words[0] === "maybe" && words[1] === "later"))
  );
}

const isCancel = (text: string) => /^\s*(cancel|stop)\s*[.!]?\s*$/i.test(text);
const isSkip = (text: string) => /^\s*(skip|none|no|no phone|n\/a)\s*[.!]?\s*$/i.test(text);

/** Whether answering this action needs the price table (the widget fetches it first). */
export function needsPrices(state: ConversationState, action: VisitorAction): boolean {
  return action.type === "message" && !state.capture && needsPriceTable(action.text);
}

export function respond(state: ConversationState, action: VisitorAction, ctx: TurnContext): Turn {
  const random = ctx.random ?? Math.random;
  const reply = (message: BotMessage): ScheduledMessage => ({ delayMs: replyDelayMs(random), message });
  const kept = state.leadSentTo ? { leadSentTo: state.leadSentTo } : {};
  const startCapture = (): Turn => ({
    state: {
      offerOpen: false,
      capture: { step: "name", answers: {}, key: (ctx.newKey ?? (() => crypto.randomUUID()))() },
      ...kept,
    },
    replies: [reply({ text: QUESTIONS.name({}), isLeadCapture: true, links: [PRIVACY_LINK] })],
  });
  const ask = (step: LeadStep, answers: Partial<Record<LeadStep, string>>, before?: string): BotMessage => ({
    text: before
      ? [before, REASK[step] === undefined ? QUESTIONS[step](answers) : REASK[step]].filter(Boolean).join(" ")
      : QUESTIONS[step](answers),
    isLeadCapture: true,
    ...(step === "projectType" ? { choices: [...PROJECT_CHOICES] } : {}),
  });

  if (action.type === "accept") return startCapture();
  if (action.type === "call") {
    return {
      state: { offerOpen: false, capture: null, ...kept },
      replies: [
        reply({
          text: `No problem! Call us on ${ctx.facts.phone}, ${ctx.facts.hoursLabel}.`,
          links: [phoneLink(ctx.facts)],
        }),
      ],
    };
  }

  const text = action.text.trim();
  if (state.capture) {
    if (isCancel(text)) {
      return {
        state: { offerOpen: false, capture: null, ...kept },
        replies: [reply({ text: "No problem, I've stopped. Is there anything else I can help with?" })],
      };
    }
    const { step, key } = state.capture;
    const answer = step === "phone" && isSkip(text) ? "" : text.slice(0, LEAD_LIMITS[step]);
    const problem = answer ? problemWith(step, answer) : undefined;
    if (problem) return { state, replies: [reply(ask(step, state.capture.answers, problem))] };
    const answers = { ...state.capture.answers, [step]: answer };
    const next = LEAD_STEPS[LEAD_STEPS.indexOf(step) + 1];
    if (next) {
      return {
        state: { offerOpen: false, capture: { step: next, answers, key }, ...kept },
        replies: [reply(ask(next, answers))],
      };
    }
    const lead = finishLead(answers as Record<LeadStep, string>, (ctx.now ?? (() => new Date()))());
    return {
      state: { offerOpen: false, capture: null, leadSentTo: lead.name },
      replies: [
        reply({
          text: `Thank you, ${lead.name}! Your details are with our team and we'll get back to you within one working day. If it's urgent, call us on ${ctx.facts.phone}.`,
          links: [phoneLink(ctx.facts)],
        }),
      ],
      lead,
      idempotencyKey: key,
    };
  }

  if (state.offerOpen && isAffirmative(text)) return startCapture();
  if (state.offerOpen && isDecline(text)) {
    return {
      state: { offerOpen: false, capture: null, ...kept },
      replies: [
        reply({
          text: `No problem. If anything else comes up, ask me here or call us on ${ctx.facts.phone}.`,
          links: [phoneLink(ctx.facts)],
        }),
      ],
    };
  }

  const rule = botReply(text, ctx.facts, random, ctx.prices);
  if (rule.kind === "offer" && state.leadSentTo) {
    // The visitor's details are already with the team: answer, and say so, rather than take them again.
    const already = `Your details are already with our team, ${state.leadSentTo}, and we'll be in touch within one working day. If anything has changed, call us on ${ctx.facts.phone}.`;
    return {
      state: { ...state, offerOpen: false },
      replies: [
        reply({
          text: rule.answer ? `${rule.answer.text} ${already}` : already,
          links: [...(rule.answer?.links ?? []), phoneLink(ctx.facts)],
        }),
      ],
    };
  }
  if (rule.kind === "offer") {
    return {
      state: { offerOpen: true, capture: null, ...kept },
      replies: [
        reply(rule.reply),
        {
          delayMs: LEAD_FORM_DELAY_MS,
          message: {
            text: rule.shop
              ? "Would you like our shop-fit team to contact you?"
              : "Would you like one of our team to contact you?",
            isLeadForm: true,
          },
        },
      ],
    };
  }
  return { state, replies: [reply(rule.reply)] };
}

export function finishLead(answers: Record<LeadStep, string>, now: Date): ChatLead {
  return {
    name: answers.name,
    email: answers.email,
    phone: answers.phone,
    projectType: answers.projectType,
    details: answers.details,
    leadQuality: leadQuality(answers),
    timestamp: now.toISOString(),
  };
}
