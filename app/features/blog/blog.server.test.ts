import { describe, expect, it } from "vitest";
import { markdownToText } from "~/features/markdown/markdown.server";
import { firstPostMarkdown } from "./first-post";
import { renderPostHtml } from "./post-html.server";
import { buildRssXml } from "./rss";
import { closing, intro, sections } from "./shop-ceiling-trends-content";

describe("the first post", () => {
  it("carries the article word for word", () => {
    const text = markdownToText(firstPostMarkdown());
    for (const sentence of [
      ...intro,
      ...sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])]),
      closing,
    ])
      expect(text, sentence.slice(0, 40)).toContain(sentence);
  });

  it("has one linked heading per section (the 'In this article' list), and a list for each set of bullets", () => {
    const { html, headings } = renderPostHtml(firstPostMarkdown());
    expect(headings.map((h) => h.text)).toEqual([
      ...sections.map((s) => s.heading),
      "Planning a shop or salon ceiling?",
    ]);
    for (const h of headings) expect(html).toContain(`<h2 id="${h.id}">`);
    expect(new Set(headings.map((h) => h.id)).size).toBe(headings.length);
    expect(html.match(/<ul>/g)).toHaveLength(sections.filter((s) => s.bullets).length);
  });
});

describe("renderPostHtml", () => {
  it("keeps hostile input out and gives safe ids", () => {
    const { html, headings } = renderPostHtml(
      '## <img src=x onerror=alert(1)> "Quote" & more\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n## Same\n\n## Same',
    );
    expect(html).not.toMatch(/<script|<img|<[^>]*\sonerror\s*=|href="javascript:/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(headings.map((h) => h.id)).toEqual(["img-src-x-onerror-alert-1-quote-more", "same", "same-2"]);
  });
});

describe("buildRssXml", () => {
  it("is RSS 2.0 with escaped text and the post's HTML in CDATA", () => {
    const xml = buildRssXml({
      siteUrl: "https://www.example.ie/",
      title: "A & B Blog",
      description: "Advice <for> shops",
      items: [
        {
          title: "Tiles & grids",
          path: "/blog/tiles",
          excerpt: "Why <fine-line>?",
          html: "<p>a]]>b</p>",
          publishedAt: new Date("2025-06-01T12:00:00Z"),
        },
      ],
    });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>A &amp; B Blog</title>");
    expect(xml).toContain("<link>https://www.example.ie/blog/tiles</link>");
    expect(xml).toContain("<pubDate>Sun, 01 Jun 2025 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Why &lt;fine-line&gt;?</description>");
    expect(xml).toContain("<![CDATA[<p>a]]]]><![CDATA[>b</p>]]>");
  });
});

describe("the feed's post HTML", () => {
  it("makes links and images on this site absolute, and leaves other sites' links alone", () => {
    const xml = buildRssXml({
      siteUrl: "https://www.example.ie/",
      title: "Blog",
      description: "Advice",
      items: [
        {
          title: "Costs",
          path: "/blog/costs",
          excerpt: "What a ceiling costs",
          html: '<p><a href="/contact">Ask us</a>, <a href="#prices">see prices</a>, <a href="https://other.ie/x">elsewhere</a>, <a href="//cdn.ie/y">cdn</a> <img src="/images/a.png" alt="A"></p>',
          publishedAt: new Date("2025-06-01T12:00:00Z"),
        },
      ],
    });
    expect(xml).toContain('<a href="https://www.example.ie/contact">Ask us</a>');
    expect(xml).toContain('<a href="https://www.example.ie/blog/costs#prices">see prices</a>');
    expect(xml).toContain('<a href="https://other.ie/x">elsewhere</a>');
    expect(xml).toContain('<a href="//cdn.ie/y">cdn</a>');
    expect(xml).toContain('<img src="https://www.example.ie/images/a.png" alt="A">');
  });
});
