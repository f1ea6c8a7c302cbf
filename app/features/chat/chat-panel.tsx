import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { HoneypotField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import type { Business } from "~/config";
import type { Attribution } from "~/features/leads/attribution";
import {
  ACCEPT_LABEL,
  CALL_LABEL,
  greeting,
  INITIAL_STATE,
  LEAD_LIMITS,
  MESSAGE_LIMIT,
  needsPrices,
  respond,
  type BotMessage,
  type ChatLead,
  type ChatMessage,
  type ConversationState,
  type LeadStep,
  type ScheduledMessage,
  type VisitorAction,
} from "./conversation";
import { loadConversation, saveConversation } from "./conversation-store";
import { flushLeadOutbox, newIdempotencyKey, postLead, queueLead, saveLead, type ChatLeadPayload } from "./lead-outbox";
import { fetchPriceTable, type PriceTable } from "./price-answers";
import type { ChatFacts } from "./rules";

export type ChatPanelProps = {
  id: string;
  business: Business;
  open: boolean;
  onClose: () => void;
  /** Move focus into the chat when it opens (not when a reload reopens it: the page keeps focus). */
  takeFocus: boolean;
  /**
   * Where the visit started, for the lead. Handed down by the launcher, which ships with every page
   * and has the module already, so this lazily loaded panel does not split it into a chunk of its own.
   */
  readAttribution: () => Attribution | null;
};

const PLACEHOLDERS: Record<LeadStep, string> = {
  name: "Your name",
  email: "Your email address",
  phone: "Your phone number",
  projectType: "Type of project",
  details: "About the job",
};

/** How long a price answer waits for the price table before answering without figures. */
const PRICES_TIMEOUT_MS = 5000;

function chatFacts(business: Business): ChatFacts {
  return {
    name: business.name,
    phone: business.phone,
    phoneE164: business.phoneE164,
    hoursLabel: business.openingHours.label,
    serviceRadiusKm: Math.round(business.serviceRadiusMetres / 1000),
  };
}

/** The price table, or null if it cannot be had in time (the chat then answers without figures). */
function loadPrices(): Promise<PriceTable | null> {
  let timer = 0;
  const timeout = new Promise<null>((resolve) => (timer = window.setTimeout(() => resolve(null), PRICES_TIMEOUT_MS)));
  return Promise.race([fetchPriceTable(), timeout]).finally(() => window.clearTimeout(timer));
}

/**
 * The chat window: a non-modal dialog above the launcher. It stays mounted once opened (hidden
 * while closed), so the conversation survives closing it and moving between pages; it is also
 * kept in sessionStorage, so a reload or a full page load in the same tab continues it. Timing
 * comes from the conversation's replies (spec: 1000 ms plus up to 1000 ms, the lead-form prompt
 * 1000 ms after the offer); replies are shown one after another, with the typing indicator
 * meanwhile.
 */
export default function ChatPanel({ id, business, open, onClose, takeFocus, readAttribution }: ChatPanelProps) {
  const uid = useId();
  const facts = useMemo(() => chatFacts(business), [business]);
  const [saved] = useState(loadConversation);
  const count = useRef(saved?.nextId ?? 0);
  const stamp = (sender: ChatMessage["sender"], message: BotMessage): ChatMessage => ({
    ...message,
    id: `m${count.current++}`,
    sender,
    timestamp: new Date().toISOString(),
  });

  // The history is kept in a ref too: a lead's transcript and quick successive sends need the
  // latest value before React re-renders.
  const [firstMessages] = useState(
    (): ChatMessage[] =>
      saved?.messages ?? [{ ...greeting(facts), id: "greeting", sender: "bot", timestamp: new Date().toISOString() }],
  );
  const history = useRef(firstMessages);
  const [messages, setMessages] = useState(firstMessages);
  const state = useRef<ConversationState>(saved?.state ?? INITIAL_STATE);
  const [conversation, setConversation] = useState(saved?.state ?? INITIAL_STATE);
  const [pending, setPending] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const [text, setText] = useState("");

  const input = useRef<HTMLTextAreaElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLOListElement>(null);
  const timeline = useRef(Promise.resolve());
  /** Replies scheduled but not yet shown: saved with the history, so a reload does not lose them. */
  const planned = useRef<ChatMessage[]>([]);
  /** Turns still waiting for the price table; later messages wait behind them to keep their order. */
  const turns = useRef({ queue: Promise.resolve(), waiting: 0 });
  const timers = useRef(new Set<number>());
  const greeted = useRef(Boolean(saved));

  const persist = () =>
    saveConversation({
      messages: [...history.current, ...planned.current],
      state: state.current,
      nextId: count.current,
    });

  useEffect(() => {
    if (!open) return;
    if (takeFocus) input.current?.focus();
    if (!greeted.current) {
      greeted.current = true;
      setAnnouncement(history.current[0]!.text);
    }
  }, [open, takeFocus]);

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending]);

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach((t) => window.clearTimeout(t));
  }, []);

  const add = (message: ChatMessage) => {
    history.current = [...history.current, message];
    setMessages(history.current);
    if (message.sender === "bot") setAnnouncement(message.text);
  };

  // Each reply waits for the one before it, then for its own delay (less the time already spent
  // fetching the price table for it).
  const schedule = ({ delayMs, message }: ScheduledMessage, spentMs = 0) => {
    const bot = stamp("bot", message);
    planned.current = [...planned.current, bot];
    setPending((n) => n + 1);
    timeline.current = timeline.current.then(
      () =>
        new Promise<void>((resolve) => {
          const timer = window.setTimeout(
            () => {
              timers.current.delete(timer);
              planned.current = planned.current.filter((m) => m !== bot);
              add({ ...bot, timestamp: new Date().toISOString() });
              persist();
              setPending((n) => n - 1);
              resolve();
            },
            Math.max(0, delayMs - spentMs),
          );
          timers.current.add(timer);
        }),
    );
  };

  const deliver = (lead: ChatLead, idempotencyKey: string) => {
    const payload: ChatLeadPayload = {
      ...lead,
      idempotencyKey,
      transcript: history.current.map(({ sender, text, timestamp }) => ({ sender, text, timestamp })),
      website: honeypot.current?.value ?? "",
      ...readAttribution(),
    };
    try {
      saveLead(lead);
      queueLead(payload);
    } catch {
      // No usable storage (private mode, full): one direct attempt is all we can do.
      void postLead(payload);
      return;
    }
    void flushLeadOutbox();
  };

  const run = (action: VisitorAction, prices?: PriceTable | null, spentMs = 0) => {
    const turn = respond(state.current, action, { facts, prices, newKey: newIdempotencyKey });
    state.current = turn.state;
    setConversation(turn.state);
    // The lead is queued before the conversation is saved as finished: a reload in between
    // re-sends it under the same key (stored once), never loses it.
    if (turn.lead && turn.idempotencyKey) deliver(turn.lead, turn.idempotencyKey);
    turn.replies.forEach((reply, i) => schedule(reply, i === 0 ? spentMs : 0));
    persist();
  };

  const act = (action: VisitorAction, shown: string) => {
    add(stamp("user", { text: shown }));
    persist();
    const queue = turns.current;
    if (!queue.waiting && !needsPrices(state.current, action)) return run(action);
    // A price question: the typing indicator shows while the current table is fetched.
    const sentAt = Date.now();
    queue.waiting++;
    setPending((n) => n + 1);
    queue.queue = queue.queue.then(async () => {
      const prices = needsPrices(state.current, action) ? await loadPrices() : undefined;
      queue.waiting--;
      setPending((n) => n - 1);
      run(action, prices, Date.now() - sentAt);
    });
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    setText("");
    act({ type: "message", text }, text.trim());
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const choose = (action: VisitorAction, label: string) => {
    act(action, label);
    // The buttons disappear once used: keep the keyboard in the chat.
    input.current?.focus();
  };

  const step = conversation.capture?.step;
  const activePrompt = conversation.offerOpen ? messages.findLast((m) => m.isLeadForm)?.id : undefined;
  const activeChoices = step === "projectType" ? messages.findLast((m) => m.choices)?.id : undefined;
  const linkClass = "font-semibold text-navy-900 underline underline-offset-2 hover:text-navy-700";

  return (
    // Escape closes the chat, as it does any dialog (WAI-ARIA dialog pattern).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      role="dialog"
      aria-labelledby={`${uid}title`}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
        }
      }}
      className="fixed inset-x-2 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 flex h-[450px] max-h-[calc(100dvh-6rem)] flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-navy-900/15 sm:left-auto sm:right-4 sm:w-96"
    >
      {/* A div, not <header>: inside a dialog a header would be a second banner landmark. */}
      <div className="flex items-center justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
        <div>
          <h2 id={`${uid}title`} className="font-semibold">
            Chat with {business.name}
          </h2>
          <p className="text-sm text-white/85">Questions, prices or a free quote</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="grid h-10 w-10 place-items-center rounded-md hover:bg-white/10"
          aria-label="Close chat"
        >
          <Icon name="close" className="h-6 w-6" strokeWidth={1.7} />
        </button>
      </div>

      <ol
        ref={scroller}
        // Focusable so keyboard users can scroll the conversation (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Conversation"
        className="flex-1 space-y-3 overflow-y-auto bg-paper px-3 py-4"
      >
        {messages.map((m) => (
          <li key={m.id} className={m.sender === "user" ? "flex justify-end" : "flex"}>
            <div
              className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 text-[0.95rem] leading-snug ${
                m.sender === "user"
                  ? "rounded-br-sm bg-navy-900 text-white"
                  : "rounded-bl-sm bg-white text-navy-900 ring-1 ring-navy-900/10"
              }`}
            >
              <span className="sr-only">{m.sender === "user" ? "You: " : "Assistant: "}</span>
              <span className="whitespace-pre-wrap break-words">{m.text}</span>
              {m.links && (
                <ul className="mt-2 space-y-1">
                  {m.links.map((link) => (
                    <li key={link.href}>
                      {link.href.startsWith("/") ? (
                        <Link to={link.href} className={linkClass}>
                          {link.label}
                        </Link>
                      ) : (
                        <a href={link.href} className={linkClass}>
                          {link.label}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {m.id === activePrompt && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    onClick={() => choose({ type: "accept" }, ACCEPT_LABEL)}
                    className="min-h-10 rounded-md bg-amber-brand px-3 py-2 text-sm font-semibold text-navy-950 hover:bg-[#c98f14]"
                  >
                    {ACCEPT_LABEL}
                  </button>
                  <button
                    type="button"
                    onClick={() => choose({ type: "call" }, CALL_LABEL)}
                    className="min-h-10 rounded-md border-2 border-navy-900 px-3 py-1.5 text-sm font-semibold text-navy-900 hover:bg-mist"
                  >
                    {CALL_LABEL}
                  </button>
                </div>
              )}
              {m.id === activeChoices && (
                <div role="group" aria-label="Type of project" className="mt-3 flex flex-wrap gap-2">
                  {m.choices!.map((choice) => (
                    <button
                      key={choice}
                      type="button"
                      onClick={() => choose({ type: "message", text: choice }, choice)}
                      className="min-h-10 rounded-md border-2 border-navy-900 px-3 py-1.5 text-sm font-semibold text-navy-900 hover:bg-mist"
                    >
                      {choice}
                    </button>
                  ))}
                </div>
              )}
            </div>
          </li>
        ))}
        {pending > 0 && (
          <li className="flex">
            <div
              role="status"
              className="flex gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3.5 ring-1 ring-navy-900/10"
            >
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  aria-hidden="true"
                  className="h-2 w-2 rounded-full bg-slate-brand motion-safe:animate-bounce"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
              <span className="sr-only">The assistant is typing</span>
            </div>
          </li>
        )}
      </ol>
      {/* Only the bot's messages are announced; the visitor knows what they typed. */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <form onSubmit={send} className="relative flex items-end gap-2 border-t border-mist bg-white p-3">
        <label htmlFor={`${uid}input`} className="sr-only">
          Type your message
        </label>
        <textarea
          ref={input}
          id={`${uid}input`}
          rows={2}
          value={text}
          maxLength={step ? LEAD_LIMITS[step] : MESSAGE_LIMIT}
          placeholder={step ? PLACEHOLDERS[step] : "Type your message…"}
          aria-describedby={`${uid}hint`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onInputKeyDown}
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-brand/40 px-3 py-2 text-base text-navy-900 placeholder:text-slate-brand/80 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand"
        />
        <p id={`${uid}hint`} className="sr-only">
          Enter sends, Shift and Enter starts a new line.
        </p>
        <button
          type="submit"
          disabled={!text.trim()}
          aria-label="Send message"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-md bg-amber-brand text-navy-950 hover:bg-[#c98f14] disabled:cursor-not-allowed disabled:opacity-50"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 12l16-8-6 16-2-7z" />
          </svg>
        </button>
        {/* Spam trap: invisible to people. */}
        <HoneypotField id={`${uid}website`} inputRef={honeypot} />
      </form>
    </section>
  );
}
