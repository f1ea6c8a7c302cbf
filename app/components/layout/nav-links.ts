import type { Location } from "react-router";

/** Offsets for hash scrolling (spec: 80 by default, 100 for nav and footer links). */
export const SCROLL_OFFSET_DEFAULT = 80;
export const SCROLL_OFFSET_NAV = 100;
export const navLinkState = { scrollOffset: SCROLL_OFFSET_NAV } as const;

/** Whether a header nav item is the page being shown (hash items only when their section is targeted). */
export function isCurrentNavItem(to: string, location: Pick<Location, "pathname" | "hash">): boolean {
  const [path, hash] = to.split("#") as [string, string | undefined];
  const here = location.pathname.replace(/\/+$/, "") || "/";
  if (hash) return here === (path || "/") && location.hash === `#${hash}`;
  if (path === "/") return here === "/" && location.hash !== "#services";
  if (path === "/contact-us") return here === "/contact-us" || here === "/contact";
  return here === path || here.startsWith(`${path}/`);
}
