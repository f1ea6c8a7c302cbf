import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from "react";

// The card's code loads with the first toast: most visitors never see one.
const ToastCard = lazy(() => import("./toast-card"));

/** Spec section 9: one toast at a time, shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
export type ToastState = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** What is on screen once the toast `id` is dismissed: nothing if it was that one, else unchanged. */
export function withoutToast(current: ToastState | null, id: number): ToastState | null {
  return current?.id === id ? null : current;
}

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
  // Only the toast that timed out (or was closed) goes: a card's timer can fire after a newer toast
  // was set but before it replaced the card on screen, and must not take the newer one with it.
  const dismiss = useCallback((id: number) => setToast((current) => withoutToast(current, id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region is always present so screen readers announce what appears in it. */}
      <div
        role="region"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-auto md:left-auto md:right-4 md:top-24 md:justify-end"
      >
        <div aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
          {toast && (
            <Suspense fallback={null}>
              <ToastCard key={toast.id} toast={toast} durationMs={TOAST_DURATION_MS} onDismiss={dismiss} />
            </Suspense>
          )}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
