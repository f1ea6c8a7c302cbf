/**
 * The site's stylesheet, inlined into the <head> of every page in production. It is small (about
 * 7 KB gzip) and every page needs all of it, so a separate file would only add a render-blocking
 * request, and the browser would style and lay out the page twice (once before the file arrives,
 * once after). Development keeps the <link> (see root.tsx) so Vite can hot-reload the CSS.
 *
 * The CSS text is loaded only by the server build; in the browser, the component renders the text
 * already in the page, so hydration finds exactly what the server sent and the stylesheet does
 * not travel a second time inside the JavaScript.
 */
const ID = "site-css";

const css: string = import.meta.env.SSR
  ? (await import("~/app.css?inline")).default.replace(/<\/style/gi, "<\\/style")
  : typeof document === "undefined"
    ? ""
    : (document.getElementById(ID)?.textContent ?? "");

export function InlineStylesheet() {
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
