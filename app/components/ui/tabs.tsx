import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

/**
 * Tabs, as the WAI-ARIA tabs pattern has them: a tab list over one panel at a time; the arrow keys,
 * Home and End move between tabs. Each tab is a link to its own address (`href`), so without
 * JavaScript the server shows the chosen tab; with it, a tab switches in place.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  /** What the tabs choose between, for screen readers. */
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string; href: string; panel: ReactNode }>;
  selected: T;
  onSelect: (id: T) => void;
}) {
  const baseId = useId();
  const links = useRef<Partial<Record<T, HTMLAnchorElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.id === selected);
    const to = {
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      ArrowRight: (at + 1) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[to]!.id;
    onSelect(next);
    links.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="mt-8 flex gap-1 rounded-lg bg-mist p-1">
        {tabs.map((tab) => (
          <a
            key={tab.id}
            ref={(el) => {
              links.current[tab.id] = el;
            }}
            id={`${baseId}-${tab.id}-tab`}
            href={tab.href}
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={(e) => {
              e.preventDefault();
              onSelect(tab.id);
            }}
            onKeyDown={onKeyDown}
            className={`flex-1 rounded-md px-4 py-2.5 text-center font-semibold ${tab.id === selected ? "bg-white text-navy-900 shadow" : "text-slate-brand hover:text-navy-900"}`}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${baseId}-${tab.id}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={tab.id !== selected}
          className="mt-6"
        >
          {tab.panel}
        </div>
      ))}
    </>
  );
}
