import { renderMarkdown } from "~/features/markdown/markdown.server";

export type PostHeading = { id: string; text: string };

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/^\d+\.\s*/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "section";

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * A post's Markdown as safe HTML (features/markdown: sanitised), with an id on each section
 * heading (h2) so the "In this article" list can link to it. The ids are made of [a-z0-9-] only,
 * added after sanitising, so they cannot carry markup.
 */
export function renderPostHtml(markdown: string): { html: string; headings: PostHeading[] } {
  const headings: PostHeading[] = [];
  const used = new Set<string>(["page-heading"]);
  const html = renderMarkdown(markdown).replace(/<h2>([\s\S]*?)<\/h2>/g, (_whole, inner: string) => {
    const text = decodeEntities(inner.replace(/<[^>]*>/g, "")).trim();
    let id = slugify(text);
    for (let n = 2; used.has(id); n++) id = `${slugify(text)}-${n}`;
    used.add(id);
    headings.push({ id, text });
    return `<h2 id="${id}">${inner}</h2>`;
  });
  return { html, headings };
}
