import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, sanitizeRenderedHtml } from "./markdown.server";

const SAFE_TAGS = new Set(
  "p br h2 h3 h4 h5 h6 strong em s del ul ol li a blockquote code pre hr table thead tbody tr th td img".split(" "),
);
const SAFE_ATTRIBUTES = new Set(["href", "title", "rel", "src", "alt", "loading", "decoding", "start", "style"]);

/** http(s), mailto and tel, or a path on this site (never protocol-relative: that is another site). */
function isSafeUrl(value: string): boolean {
  const url = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme ? ["http", "https", "mailto", "tel"].includes(scheme) : !url.startsWith("//");
}

/**
 * Parses the HTML as a browser would and checks every element: only the tags Markdown makes, no
 * event handlers, links and images only to http(s), mailto, tel or this site, styles only for
 * table alignment. (Dangerous text shown escaped, like "&lt;script&gt;", is inert and allowed.)
 */
function expectInert(html: string) {
  const problems: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!SAFE_TAGS.has(name)) problems.push(`<${name}>`);
      for (const [attr, value] of Object.entries(attributes)) {
        if (!SAFE_ATTRIBUTES.has(attr)) problems.push(`${name}[${attr}]`);
        if ((attr === "href" || attr === "src") && !isSafeUrl(value)) problems.push(`${name}[${attr}=${value}]`);
        if (attr === "style" && !/^text-align:(left|right|center);?$/.test(value)) problems.push(`style=${value}`);
      }
    },
  });
  parser.write(html);
  parser.end();
  expect(problems, html).toEqual([]);
}

describe("renderMarkdown", () => {
  it("renders headings, lists, links, emphasis and tables", () => {
    const html = renderMarkdown(
      [
        "## Fire-rated partitions",
        "",
        "We fit **30, 60 or 90 minute** systems with *intumescent* seals.",
        "",
        "- Glass",
        "- Drywall",
        "",
        "1. Survey",
        "2. Quote",
        "",
        "See [our gallery](/gallery) or [the TGD B guidance](https://www.gov.ie/en/publication/tgd-b/).",
        "",
        "| Grid | Size |",
        "| :--- | ---: |",
        "| Exposed | 15mm |",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Fire-rated partitions</h2>");
    expect(html).toContain("<strong>30, 60 or 90 minute</strong>");
    expect(html).toContain("<em>intumescent</em>");
    expect(html).toMatch(/<ul>\s*<li>Glass<\/li>\s*<li>Drywall<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>Survey<\/li>/);
    expect(html).toContain('<a href="/gallery">our gallery</a>');
    expect(html).toContain('<a href="https://www.gov.ie/en/publication/tgd-b/" rel="noopener">the TGD B guidance</a>');
    expect(html).toMatch(
      /<table>[\s\S]*<th style="text-align:left">Grid<\/th>[\s\S]*<td style="text-align:right">15mm<\/td>/,
    );
    expectInert(html);
  });

  it("keeps the page's single <h1>: a level-one heading becomes a section heading", () => {
    expect(renderMarkdown("# Our story")).toBe("<h2>Our story</h2>");
  });

  it("keeps the copy character for character (no curly quotes or dashes)", () => {
    expect(renderMarkdown(`We'll quote -- "free" -- within 48 hours.`)).toBe(
      `<p>We'll quote -- "free" -- within 48 hours.</p>`,
    );
  });

  it("links bare web addresses, to other sites with rel=noopener", () => {
    expect(renderMarkdown("Visit https://www.nsai.ie today")).toContain(
      '<a href="https://www.nsai.ie" rel="noopener">https://www.nsai.ie</a>',
    );
  });

  it("allows mailto and tel links", () => {
    const html = renderMarkdown("[E-mail us](mailto:info@icinteriors.ie) or [call](tel:+35315550192)");
    expect(html).toContain('href="mailto:info@icinteriors.ie"');
    expect(html).toContain('href="tel:+35315550192"');
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["a script tag inside a paragraph", "Hello <script>alert(1)</script> world"],
    ["an image with onerror", '<img src="x" onerror="alert(1)">'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an svg with onload", "<svg onload=alert(1)></svg>"],
    ["a style tag", "<style>body{display:none}</style>"],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a mixed-case javascript: link", "[click](JaVaScRiPt:alert(1))"],
    ["an entity-encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a javascript: link with a tab", "[click](java\tscript:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a data: image", "![x](data:image/png;base64,iVBORw0KGgo=)"],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["a link title that tries to break out", '[a](/x "title" onmouseover="alert(1)")'],
    ["raw HTML with attributes", '<a href="javascript:alert(1)" onclick="alert(1)">x</a>'],
    ["an HTML comment", "<!-- <script>alert(1)</script> -->"],
    ["a form", '<form action="https://evil.example"><input name="p"></form>'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ["a protocol-relative link", "[x](//evil.example/steal)"],
    ["inline style", '<p style="position:fixed;inset:0">x</p>'],
  ])("never lets %s reach the page", (_name, source) => {
    const html = renderMarkdown(source);
    expectInert(html);
    expect(html).not.toMatch(/href="\/\/evil/);
  });

  it("shows raw HTML typed into a field as text, not as markup", () => {
    expect(renderMarkdown("<b>bold?</b>")).toBe("<p>&lt;b&gt;bold?&lt;/b&gt;</p>");
  });

  it("lazy-loads images on http(s) or this site", () => {
    const html = renderMarkdown("![A grid ceiling](/images/projects/grid.svg)");
    expect(html).toBe(
      '<p><img src="/images/projects/grid.svg" alt="A grid ceiling" loading="lazy" decoding="async" /></p>',
    );
  });
});

describe("sanitizeRenderedHtml (the second layer, should the Markdown layer ever let HTML through)", () => {
  it.each([
    '<script>alert(1)</script><p onclick="alert(1)">x</p>',
    '<a href="javascript:alert(1)">x</a><a href=" JAVASCRIPT:alert(1)">y</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAAA">',
    '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
    "<svg><script>alert(1)</script></svg><math><mtext></mtext></math>",
    '<p style="background:url(javascript:alert(1))">x</p><td style="text-align:left;color:red">y</td>',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><link rel="import" href="x">',
    '<a href="//evil.example">x</a><form><button formaction="javascript:alert(1)">go</button></form>',
  ])("makes %s inert", (html) => {
    expectInert(sanitizeRenderedHtml(html));
  });

  it("keeps the text of what it removes only where it is harmless", () => {
    expect(sanitizeRenderedHtml('<p onclick="x()">Fire <b>doors</b></p><script>alert(1)</script>')).toBe(
      "<p>Fire doors</p>",
    );
  });
});

describe("markdownToText", () => {
  it("drops the markup and keeps the words", () => {
    expect(markdownToText("## Quick **repairs**\n\n- Tiles & grids\n- [Call us](tel:+353)")).toBe(
      "Quick repairs Tiles & grids Call us",
    );
  });

  it("gives the text as a reader sees it, each entity decoded once", () => {
    // In Markdown "&lt;" is how one types "<", and "&amp;lt;" how one types "&lt;".
    expect(markdownToText('Use &lt;b&gt;, &amp;lt; and 5 < 6 & "quotes" it\'s')).toBe(
      `Use <b>, &lt; and 5 < 6 & "quotes" it's`,
    );
  });
});
