import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import type { Business } from "~/config";
import { readAttribution, type Attribution } from "~/features/leads/attribution";

type PanelProps = {
  id: string;
  business: Business;
  open: boolean;
  onClose: () => void;
  takeFocus: boolean;
  readAttribution: () => Attribution | null;
};

// Only this button ships with the page. The panel (rules, conversation, rendering) is fetched when
// the visitor points at, focuses or presses the launcher, once. If it cannot be fetched (offline),
// the phone number is shown instead of breaking the page.
let panel: Promise<{ default: ComponentType<PanelProps> }> | undefined;
const loadPanel = () =>
  (panel ??= import("./chat-panel").catch(() => ({
    default: ({ business }: PanelProps) => (
      <p
        role="alert"
        className="fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] right-4 z-40 rounded-lg bg-white p-4 shadow-xl ring-1 ring-navy-900/15"
      >
        Chat is unavailable. Call{" "}
        <a href={`tel:${business.phoneE164}`} className="font-semibold underline">
          {business.phone}
        </a>
      </p>
    ),
  })));
const ChatPanel = lazy(loadPanel);

export const CHAT_PANEL_ID = "chat-panel";
/** storage-keys.ts OUTBOX_KEY, repeated so this file imports nothing of the chat (a unit test checks they match). */
export const LAUNCHER_OUTBOX_KEY = "ic_interior_leads_outbox";
/** storage-keys.ts CHAT_OPEN_KEY, repeated likewise. */
export const LAUNCHER_OPEN_KEY = "ic_chat_open";

/** Remembers in this tab whether the chat is open (no storage: a reload simply leaves it closed). */
function rememberOpen(open: boolean) {
  try {
    if (open) sessionStorage.setItem(LAUNCHER_OPEN_KEY, "1");
    else sessionStorage.removeItem(LAUNCHER_OPEN_KEY);
  } catch {
    // Storage blocked or full.
  }
}

/** The chat launcher on every public page, and the retry of leads the server has not yet accepted. */
export function ChatLauncher({ business }: { business: Business }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [takeFocus, setTakeFocus] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A reload or full page load with the chat open in this tab opens it again (its conversation
  // comes back from sessionStorage), leaving focus where the page puts it.
  useEffect(() => {
    try {
      if (sessionStorage.getItem(LAUNCHER_OPEN_KEY) !== "1") return;
    } catch {
      return;
    }
    void loadPanel().then(() => {
      setTakeFocus(false);
      setUsed(true);
      setOpen(true);
    });
  }, []);

  const toggle = (next: boolean) => {
    setOpen(next);
    rememberOpen(next);
  };

  // Each page view retries queued leads, loading only the small outbox module, and only if needed.
  useEffect(() => {
    try {
      if ((localStorage.getItem(LAUNCHER_OUTBOX_KEY) ?? "[]") !== "[]")
        void import("./lead-outbox").then((m) => m.flushLeadOutbox());
    } catch {
      // No storage: nothing can be queued either.
    }
  }, [pathname]);

  const close = () => {
    toggle(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={used ? CHAT_PANEL_ID : undefined}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => (setUsed(true), setTakeFocus(true), toggle(!open))}
        className="fixed bottom-[calc(1rem+env(safe-area-inset-bottom))] right-4 z-40 grid h-14 w-14 place-items-center rounded-full bg-navy-900 text-white shadow-lg shadow-navy-950/30 ring-2 ring-white hover:bg-navy-800"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d={open ? "M6 6l12 12M18 6L6 18" : "M4 5h16v11H9l-5 4z"} />
        </svg>
        <span className="sr-only">Chat with us</span>
      </button>
      {used && (
        <Suspense>
          <ChatPanel
            id={CHAT_PANEL_ID}
            business={business}
            open={open}
            onClose={close}
            takeFocus={takeFocus}
            readAttribution={readAttribution}
          />
        </Suspense>
      )}
    </>
  );
}
