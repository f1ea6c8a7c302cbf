import type { AnchorHTMLAttributes, MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * A link in a list's row: a plain <a>, opened within the app by the admin's one click handler
 * (`followRowLinks`, on its <main>) as React Router's <Link> would be. A list page renders 200–300
 * of them (each row as a table row and as a phone card), and a <Link> costs its dozen hooks each:
 * about a tenth of the server's time for the jobs list (issue 40 item 5). Before the page's script
 * has loaded, it is an ordinary link.
 */
export function RowLink({
  to,
  children,
  ...rest
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  // data-discover: React Router fetches the route of a link in view ahead of the click, as for <Link>.
  return (
    <a href={to} data-row-link="" data-discover="true" {...rest}>
      {children}
    </a>
  );
}

/**
 * The click handler for a part of the page holding RowLinks: a plain left click on one navigates
 * in the app; a click with a modifier key (new tab, new window), another button or a link with a
 * target is left to the browser, as <Link> leaves it.
 */
export function followRowLinks(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[data-row-link]") : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
    const href = link.getAttribute("href");
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };
}
