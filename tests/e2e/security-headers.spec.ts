import crypto from "node:crypto";
import { expect, test, waitForHydration } from "./fixtures";

/** Splits a Content-Security-Policy header into directive name → source list. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attrs]) => !/\btype\s*=\s*["']?application\/ld\+json/i.test(attrs!),
  );

test.describe("security headers", () => {
  test("a page rendered for this request allows only scripts carrying this response's nonce", async ({ request }) => {
    // The contact page carries a form, so it is never served from the page cache.
    const response = await request.get("/contact-us");
    expect(response.status()).toBe(200);

    const csp = response.headers()["content-security-policy"];
    expect(csp, "Content-Security-Policy header").toBeTruthy();
    const scriptSrc = parseCsp(csp!).get("script-src");
    expect(scriptSrc, "script-src directive").toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonces = scriptSrc!.map((s) => /^'nonce-([^']+)'$/.exec(s)?.[1]).filter((n): n is string => Boolean(n));
    expect(nonces, "exactly one script-src nonce").toHaveLength(1);
    const nonce = nonces[0]!;
    expect(nonce.length).toBeGreaterThanOrEqual(16);

    const scripts = executableScripts(await response.text());
    expect(scripts.length, "the page has scripts to check").toBeGreaterThan(0);
    for (const [tag] of scripts) {
      expect(tag.slice(0, tag.indexOf(">") + 1), "every executable script carries the response nonce").toContain(
        `nonce="${nonce}"`,
      );
    }

    // A fresh nonce for every response.
    const again = parseCsp((await request.get("/contact-us")).headers()["content-security-policy"] ?? "").get(
      "script-src",
    );
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });

  test("a page served from the cache allows exactly its own inline scripts, by hash", async ({ request, page }) => {
    await request.get("/about-us");
    const cached = await request.get("/about-us");
    expect(cached.headers()["x-page-cache"]).toBe("hit");
    const scriptSrc = parseCsp(cached.headers()["content-security-policy"]!).get("script-src")!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
    const html = await cached.text();
    expect(html).not.toContain("nonce=");
    for (const [, attrs, body] of executableScripts(html)) {
      if (/\bsrc=/.test(attrs!)) continue;
      expect(scriptSrc).toContain(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
    }
    // And the browser agrees: the cached page runs its scripts (it hydrates at the first key press,
    // the module script its loader adds allowed by the inert copy's hash) with no CSP errors.
    await page.goto("/about-us");
    await waitForHydration(page);
  });
});
