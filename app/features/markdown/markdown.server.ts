import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/*
 * Markdown written by staff (long page fields, staff pages, blog posts) becomes HTML here, on the
 * server only: no renderer ships to the browser. Two layers, so one mistake cannot open a hole:
 * 1. markdown-it (CommonMark + tables, well kept, no dependencies with native code) with raw HTML
 *    turned off: `<script>` typed into a field is shown as text, never parsed as a tag, and its
 *    link check already refuses javascript:, vbscript: and file: URLs.
 * 2. sanitize-html over the result with an allowlist of the tags Markdown produces, no event or
 *    style attributes (except table-cell alignment), and links only to http(s), mailto and tel or
 *    to paths on this site. sanitize-html is pinned to 2.17.5: 2.17.6 and later need Node 22.
 */

const markdown = new MarkdownIt({
  html: false,
  // Bare www./https:// addresses become links, as people expect from chat and e-mail.
  linkify: true,
  // Copy stays character for character as staff typed it (no curly quotes or dashes added).
  typographer: false,
  breaks: false,
});

const ALIGN = [/^(left|right|center)$/];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "s",
    "del",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "pre",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "loading", "decoding"],
    ol: ["start"],
    th: ["style"],
    td: ["style"],
  },
  allowedStyles: { th: { "text-align": ALIGN }, td: { "text-align": ALIGN } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's own title is its only <h1>: a "# Heading" in a field becomes a section heading.
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      // Links to other sites must not get a handle on this page (window.opener).
      return { tagName, attribs: isExternal(href) ? { ...attribs, rel: "noopener" } : withoutRel(attribs) };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function withoutRel(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { rel: _rel, ...rest } = attribs;
  return rest;
}

/** Staff Markdown as HTML that is safe to put into a page as it is. */
export function renderMarkdown(source: string): string {
  return sanitizeRenderedHtml(markdown.render(source));
}

/** The second layer on its own: any HTML cut down to the tags and attributes Markdown produces. */
export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** The text of some Markdown without any markup (for meta descriptions, feeds and excerpts). */
export function markdownToText(source: string): string {
  const html = markdown.render(source);
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so "&amp;lt;" (a typed "&lt;") stays "&lt;".
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim()
  );
}
