import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { navItems, type Business } from "~/config";
import { LogoMark } from "./logo";
import { isCurrentNavItem, navLinkState } from "./nav-links";

export function SiteHeader({ business }: { business: Business }) {
  const location = useLocation();
  // The phone menu belongs to the page it was opened on: moving to another page (or section) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const links = (variant: "desktop" | "mobile") =>
    navItems.map((item) => {
      const current = isCurrentNavItem(item.to, location);
      return (
        <li key={item.to}>
          <Link
            to={item.to}
            state={navLinkState}
            aria-current={current ? "page" : undefined}
            className={
              variant === "desktop"
                ? `rounded-md px-3 py-2 text-[15px] font-medium transition-colors hover:bg-navy-800 hover:text-white ${current ? "bg-navy-800 text-amber-brand" : "text-white/90"}`
                : `block rounded-md px-4 py-3 text-base font-medium ${current ? "bg-navy-800 text-amber-brand" : "text-white hover:bg-navy-800"}`
            }
          >
            {item.label}
          </Link>
        </li>
      );
    });

  return (
    <header className="sticky top-0 z-40 bg-navy-900 text-white shadow-md">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900"
      >
        Skip to content
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex items-center gap-3" aria-label={`${business.name} home`}>
          <LogoMark />
          <span className="text-lg font-bold tracking-tight sm:text-xl">{business.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">{links("desktop")}</ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <Link
            to="/estimate"
            aria-current={location.pathname === "/estimate" ? "page" : undefined}
            className="btn-outline !min-h-10 whitespace-nowrap !px-3 !py-2 text-sm text-white"
          >
            <span className="hidden sm:inline">Instant estimate</span>
            <span className="sm:hidden">Estimate</span>
          </Link>
          <a
            href={`tel:${business.phoneE164}`}
            className="btn-primary hidden !min-h-10 !px-4 !py-2 text-sm xl:inline-flex"
          >
            Call {business.phone}
          </a>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-navy-800 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav id={menuId} aria-label="Main menu" hidden={!open} className="border-t border-white/10 bg-navy-900 lg:hidden">
        <ul className="container-page space-y-1 py-3">{links("mobile")}</ul>
      </nav>
    </header>
  );
}
