import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/** Spec section 9: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ToastState = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => setToast({ ...input, id: nextId.current++ }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The live region is always present so screen readers announce what appears in it. */}
      <div
        role="region"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-auto md:left-auto md:right-4 md:top-24 md:justify-end"
      >
        <div aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
          {toast && <ToastCard key={toast.id} toast={toast} onDismiss={() => setToast(null)} />}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastState; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  // Hovering or focusing the toast pauses it, so nobody loses a message they are reading.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, onDismiss]);
  const destructive = toast.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg p-4 shadow-xl ring-1 ${
        destructive ? "bg-red-700 text-white ring-red-900" : "bg-white text-navy-900 ring-navy-900/15"
      }`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={`mt-1 text-sm ${destructive ? "text-white/90" : "text-slate-brand"}`}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className={`-m-1 rounded p-1 ${destructive ? "hover:bg-red-800" : "hover:bg-mist"}`}
        aria-label="Dismiss notification"
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" />
        </svg>
      </button>
    </div>
  );
}
