/** RSS 2.0 for the blog's newest published posts (pure, so it is unit-tested). */

export type FeedItem = {
  title: string;
  path: string;
  excerpt: string;
  /** The post as HTML (already sanitised), sent in content:encoded for feed readers. */
  html: string;
  publishedAt: Date;
};

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** HTML inside CDATA: a "]]>" in the text would end it early, so it is split across two sections. */
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/**
 * The post's HTML with its links and images made absolute: a feed reader shows the post away from
 * the site, where "/contact" or "#costs" would lead nowhere (or to the reader's own pages).
 */
export function absoluteLinks(html: string, base: string, path: string): string {
  return html.replace(/\b(href|src)="(\/(?!\/)[^"]*|#[^"]*)"/g, (_whole, attr: string, url: string) =>
    url.startsWith("#") ? `${attr}="${base}${path}${url}"` : `${attr}="${base}${url}"`,
  );
}

export function buildRssXml({
  siteUrl,
  title,
  description,
  items,
  now = new Date(),
}: {
  siteUrl: string;
  title: string;
  description: string;
  items: ReadonlyArray<FeedItem>;
  now?: Date;
}): string {
  const base = siteUrl.replace(/\/+$/, "");
  const lastBuild = items[0]?.publishedAt ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(`${base}/blog`)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    "    <language>en-IE</language>",
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items.flatMap((item) => {
      const url = escapeXml(base + item.path);
      return [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${url}</link>`,
        `      <guid isPermaLink="true">${url}</guid>`,
        `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
        `      <description>${escapeXml(item.excerpt)}</description>`,
        `      <content:encoded>${cdata(absoluteLinks(item.html, base, item.path))}</content:encoded>`,
        "    </item>",
      ];
    }),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
