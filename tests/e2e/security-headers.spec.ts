import { expect, test } from "./fixtures";

/** Splits a Content-Security-Policy header into directive name → source list. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

test.describe("security headers", () => {
  test("the home page allows only scripts carrying this response's nonce", async ({ request }) => {
    const response = await request.get("/");
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

    const html = await response.text();
    const scriptTags = html.match(/<script\b[^>]*>/gi) ?? [];
    const executable = scriptTags.filter((tag) => !/\btype\s*=\s*["']?application\/ld\+json/i.test(tag));
    expect(executable.length, "the page has scripts to check").toBeGreaterThan(0);
    for (const tag of executable) {
      expect(tag, "every executable script carries the response nonce").toContain(`nonce="${nonce}"`);
    }

    // A fresh nonce for every response.
    const again = parseCsp((await request.get("/")).headers()["content-security-policy"] ?? "").get("script-src");
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });
});
