// Line icons, drawn in the current text colour. They are decoration: the button or text beside
// each says what it is (an sr-only label or aria-label), so screen readers skip the drawing.

const ICONS = {
  /** A cross (close, dismiss). */
  close: { viewBox: "0 0 20 20", d: "M5 5l10 10M15 5L5 15" },
  /** A plus (add). */
  plus: { viewBox: "0 0 20 20", d: "M10 4v12M4 10h12" },
  /** An arrow out of a tray (upload). */
  upload: { viewBox: "0 0 24 24", d: "M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" },
} as const;

export function Icon({
  name,
  className = "h-5 w-5",
  strokeWidth = 2,
}: {
  name: keyof typeof ICONS;
  /** Size (and colour) classes. */
  className?: string;
  strokeWidth?: number;
}) {
  const { viewBox, d } = ICONS[name];
  return (
    <svg
      viewBox={viewBox}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
