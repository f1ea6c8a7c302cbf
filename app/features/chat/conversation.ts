// The conversation as a pure state machine: given the state and what the visitor did, it returns
// the next state, the bot messages to show (each with the delay before it) and, when the last
// detail is given, the finished lead. The widget only runs the timers and renders.
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

/** Spec section 4: name, email, phone, projectType, details, then done. */
export const LEAD_STEPS = ["name", "email", "phone", "projectType", "details"] as const;
export type LeadStep = (typeof LEAD_STEPS)[number];

/** Longest answer kept for each step (the server accepts these lengths). */
export const LEAD_LIMITS: Record<LeadStep, number> = {
  name: 100,
  email: 254,
  phone: 40,
  projectType: 200,
  details: 5000,
};
export const MESSAGE_LIMIT = 1000;

export type ConversationState = {
  /** The lead-form prompt is showing its buttons. */
  offerOpen: boolean;
  /** Capturing a lead: the step whose answer comes next and the answers so far. */
  capture: { step: LeadStep; answers: Partial<Record<LeadStep, string>> } | null;
};

export const INITIAL_STATE: ConversationState = { offerOpen: false, capture: null };

export type VisitorAction =
  | { type: "message"; text: string }
  /** 'Yes, contact me'. */
  | { type: "accept" }
  /** "I'll call instead". */
  | { type: "call" };

export type ScheduledMessage = { delayMs: number; message: BotMessage };
export type Turn = { state: ConversationState; replies: ScheduledMessage[]; lead?: ChatLead };
export type TurnContext = { facts: ChatFacts; random?: RandomSource; now?: () => Date };

export const ACCEPT_LABEL = "Yes, contact me";
export const CALL_LABEL = "I'll call instead";

export function greeting(facts: ChatFacts): BotMessage {
  return {
    text: `Hi! I'm the ${facts.name} assistant. Ask me about suspended ceilings, office partitions, shop ceilings or repairs, or ask for a free quote.`,
  };
}

const QUESTIONS: Record<LeadStep, (answers: Partial<Record<LeadStep, string>>) => string> = {
  name: () =>
    "Great! A few quick questions so the right person can get back to you. What's your name? (Type cancel at any time to stop.)",
  email: (a) => `Thanks, ${a.name}. What email address should we use?`,
  phone: () => "And the best phone number to reach you on?",
  projectType: () =>
    "What type of project is it? For example office partitions, a suspended ceiling, a shop ceiling or a repair.",
  details: () =>
    "Lastly, tell us a little about the job: the size of the space, where it is and when you'd like it done.",
};

const PRIVACY_LINK: ChatLink = { href: "/privacy-policy", label: "How we use your details" };

/** A visitor answering the prompt in words rather than with the button. */
const YES = new Set(["yes", "y", "yeah", "yep", "yup", "sure", "ok", "okay", "please"]);
export function isAffirmative(text: string): boolean {
  const words = wordsOf(text);
  return (
    words.length > 0 &&
    words.length <= 3 &&
    YES.has(words[0]!) &&
    words.every((w) => YES.has(w) || ["please", "thanks", "go", "ahead"].includes(w))
  );
}

const isCancel = (text: string) => /^\s*(cancel|stop)\s*[.!]?\s*$/i.test(text);

export function respond(state: ConversationState, action: VisitorAction, ctx: TurnContext): Turn {
  const random = ctx.random ?? Math.random;
  const reply = (message: BotMessage): ScheduledMessage => ({ delayMs: replyDelayMs(random), message });
  const startCapture = (): Turn => ({
    state: { offerOpen: false, capture: { step: "name", answers: {} } },
    replies: [reply({ text: QUESTIONS.name({}), isLeadCapture: true, links: [PRIVACY_LINK] })],
  });

  if (action.type === "accept") return startCapture();
  if (action.type === "call") {
    return {
      state: { offerOpen: false, capture: null },
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
        state: { offerOpen: false, capture: null },
        replies: [reply({ text: "No problem, I've stopped. Is there anything else I can help with?" })],
      };
    }
    const { step } = state.capture;
    const answers = { ...state.capture.answers, [step]: text.slice(0, LEAD_LIMITS[step]) };
    const next = LEAD_STEPS[LEAD_STEPS.indexOf(step) + 1];
    if (next) {
      return {
        state: { offerOpen: false, capture: { step: next, answers } },
        replies: [reply({ text: QUESTIONS[next](answers), isLeadCapture: true })],
      };
    }
    const lead = finishLead(answers as Record<LeadStep, string>, (ctx.now ?? (() => new Date()))());
    return {
      state: { offerOpen: false, capture: null },
      replies: [
        reply({
          text: `Thank you, ${lead.name}! Your details are with our team and we'll get back to you within one working day. If it's urgent, call us on ${ctx.facts.phone}.`,
          links: [phoneLink(ctx.facts)],
        }),
      ],
      lead,
    };
  }

  if (state.offerOpen && isAffirmative(text)) return startCapture();

  const rule = botReply(text, ctx.facts, random);
  if (rule.kind === "offer") {
    return {
      state: { offerOpen: true, capture: null },
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
