import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { normalizePath, normalizeTarget, REDIRECT_MESSAGES, redirectPayload, RedirectSchema } from "./redirects-schema";
import { findLoop, internalPath } from "./redirects.server";
import { cleanReferrer, isBot, isLoggablePath } from "./not-found-log.server";

const SITE = "https://www.example.ie";

describe("redirect paths", () => {
  it("stores a path decoded and without a trailing slash", () => {
    expect(normalizePath("/old-page/")).toBe("/old-page");
    expect(normalizePath(" /caf%C3%A9 ")).toBe("/café");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/services.html")).toBe("/services.html");
  });

  it("refuses anything that is not a plain path on this site", () => {
    for (const bad of [
      "old-page",
      "//evil.example/x",
      "https://x.ie/a",
      "/a?b=1",
      "/a#b",
      "/a b",
      '/a"b',
      "/%E0%A4%A",
    ]) {
      expect(normalizePath(bad), bad).toBeNull();
    }
  });

  it("takes a target path (with its query) or an absolute http(s) address", () => {
    expect(normalizeTarget("/contact-us/?service=Partitions")).toBe("/contact-us?service=Partitions");
    expect(normalizeTarget("https://example.com/a")).toBe("https://example.com/a");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://x.ie", "contact", ""]) {
      expect(normalizeTarget(bad), bad).toBeNull();
    }
  });

  it("defaults to permanent; the form's Temporary box makes it a 302", () => {
    expect(validate(RedirectSchema, { from: "/a", to: "/b" })).toEqual({
      ok: true,
      data: { from: "/a", to: "/b", permanent: true },
    });
    const form = new FormData();
    form.set("from", "/a");
    form.set("to", "/b");
    form.set("temporary", "on");
    expect(redirectPayload(form)).toEqual({ from: "/a", to: "/b", permanent: false });
    expect(validate(RedirectSchema, { from: "a", to: "javascript:x", permanent: "yes" })).toEqual({
      ok: false,
      errors: { from: REDIRECT_MESSAGES.from, to: REDIRECT_MESSAGES.to, permanent: REDIRECT_MESSAGES.permanent },
    });
  });
});

describe("findLoop", () => {
  const existing = new Map([
    ["/b", "/c"],
    ["/c", `${SITE}/a?x=1`],
    ["/d", "https://other.example/a"],
  ]);
  it("finds a chain that comes back, through absolute addresses on this site too", () => {
    expect(findLoop("/a", "/b", existing, SITE)).toBe("/a");
    expect(findLoop("/a", `${SITE}/b/`, existing, SITE)).toBe("/a");
  });
  it("lets chains that end elsewhere through", () => {
    expect(findLoop("/x", "/b", new Map([["/b", "/c"]]), SITE)).toBeNull();
    expect(findLoop("/a", "/d", existing, SITE)).toBeNull();
    expect(internalPath("https://other.example/a", SITE)).toBeNull();
  });
});

describe("404 log filters", () => {
  it("counts page addresses, not files, probes or the admin", () => {
    for (const ok of ["/old-page", "/services/partitions", "/about.html"]) expect(isLoggablePath(ok), ok).toBe(true);
    for (const no of ["/wp-login.php", "/favicon.ico", "/.env", "/assets/x.js", "/admin/x", "/api/x", "/uploads/a"])
      expect(isLoggablePath(no), no).toBe(false);
  });
  it("leaves robots out by their user agent", () => {
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBot("curl/8.5.0")).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1")).toBe(
      false,
    );
  });
  it("keeps a referrer's page, not its query string", () => {
    expect(cleanReferrer("https://news.example/story?email=a@b.ie")).toBe("https://news.example/story");
    expect(cleanReferrer("android-app://x")).toBeNull();
    expect(cleanReferrer("not a url")).toBeNull();
  });
});
