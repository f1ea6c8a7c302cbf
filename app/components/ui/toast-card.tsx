import { useEffect, useState } from "react";
import { Icon } from "./icon";
import type { ToastState } from "./toast";

export default function ToastCard({
  toast,
  durationMs,
  onDismiss,
}: {
  toast: ToastState;
  durationMs: number;
  onDismiss: (id: number) => void;
}) {
  const [paused, setPaused] = useState(false);
  const { id } = toast;
  // Hovering or focusing the toast pauses it, so nobody loses a message they are reading.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(id), durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, onDismiss, durationMs, id]);
  const destructive = toast.variant === "destructive";
  return (
    // Pausing on hover is a convenience; focus (below) does the same for keyboard users.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
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
        {toast.description && (
          <p className={`mt-1 text-sm ${destructive ? "text-white/90" : "text-slate-brand"}`}>{toast.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        className={`-m-1 rounded p-1 ${destructive ? "hover:bg-red-800" : "hover:bg-mist"}`}
        aria-label="Dismiss notification"
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
