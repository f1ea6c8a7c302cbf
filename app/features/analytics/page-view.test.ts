import { describe, expect, it } from "vitest";
import { deviceOf, isBotAgent, mayCount, pagePath, referrerHost, sourceOf, visitorId } from "./page-view.server";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("visitor id", () => {
  const monday = Buffer.alloc(32, 1);
  const tuesday = Buffer.alloc(32, 2);

  it("is the same for one person on one day, and different the next day", () => {
    expect(visitorId(monday, "203.0.113.7", CHROME)).toBe(visitorId(monday, "203.0.113.7", CHROME));
    expect(visitorId(tuesday, "203.0.113.7", CHROME)).not.toBe(visitorId(monday, "203.0.113.7", CHROME));
  });

  it("tells apart two people behind one address by their browsers, and contains neither", () => {
    const id = visitorId(monday, "203.0.113.7", CHROME);
    expect(visitorId(monday, "203.0.113.7", IPHONE)).not.toBe(id);
    expect(visitorId(monday, "203.0.113.8", CHROME)).not.toBe(id);
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(id).not.toContain("203");
  });
});

describe("what is counted", () => {
  it("counts a plain GET from a visitor", () => {
    expect(mayCount("GET", { "user-agent": CHROME })).toBe(true);
  });

  it("leaves out HEAD and other methods", () => {
    expect(mayCount("HEAD", { "user-agent": CHROME })).toBe(false);
    expect(mayCount("POST", { "user-agent": CHROME })).toBe(false);
  });

  it("leaves out prefetches and prerenders, however the browser says so", () => {
    expect(mayCount("GET", { "sec-purpose": "prefetch" })).toBe(false);
    expect(mayCount("GET", { "sec-purpose": "prefetch;prerender" })).toBe(false);
    expect(mayCount("GET", { purpose: "prefetch" })).toBe(false);
    expect(mayCount("GET", { "x-moz": "prefetch" })).toBe(false);
  });

  it("respects Sec-GPC: 1 and DNT: 1", () => {
    expect(mayCount("GET", { "sec-gpc": "1" })).toBe(false);
    expect(mayCount("GET", { dnt: "1" })).toBe(false);
    expect(mayCount("GET", { dnt: "0" })).toBe(true);
  });

  it("leaves out signed-in staff", () => {
    expect(mayCount("GET", { cookie: "theme=dark; __Host-ic_session=abc" })).toBe(false);
    expect(mayCount("GET", { cookie: "ic_session=abc" })).toBe(false);
    expect(mayCount("GET", { cookie: "theme=dark" })).toBe(true);
  });

  it("knows bots by their user agent, and treats no user agent as one", () => {
    expect(isBotAgent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBotAgent("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)")).toBe(true);
    expect(isBotAgent("curl/8.5.0")).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(isBotAgent(CHROME)).toBe(false);
    expect(isBotAgent(IPHONE)).toBe(false);
  });
});

describe("a view's page, source and device", () => {
  it("reads the page from the address, a client navigation's data included", () => {
    expect(pagePath("/partitions?utm_source=google")).toBe("/partitions");
    expect(pagePath("/blog/glass-partitions.data")).toBe("/blog/glass-partitions");
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/caf%C3%A9")).toBe("/café");
  });

  it("takes utm tags first, then the referring site, else direct", () => {
    expect(sourceOf("/?utm_source=Google&utm_campaign=autumn-offices", "bing.com")).toEqual({
      source: "google",
      campaign: "autumn-offices",
    });
    expect(sourceOf("/partitions", "bing.com")).toEqual({ source: "bing.com", campaign: "" });
    expect(sourceOf("/partitions", null)).toEqual({ source: "direct", campaign: "" });
  });

  it("names the referring site by host, and ignores our own", () => {
    expect(referrerHost("https://www.google.ie/search?q=ceilings", "icinteriors.ie")).toBe("google.ie");
    expect(referrerHost("https://icinteriors.ie/gallery", "icinteriors.ie")).toBeNull();
    expect(referrerHost("android-app://com.google.android.gm/", "icinteriors.ie")).toBeNull();
    expect(referrerHost(undefined, "icinteriors.ie")).toBeNull();
  });

  it("sorts user agents into phone, tablet and desktop", () => {
    expect(deviceOf(IPHONE)).toBe("phone");
    expect(deviceOf(IPAD)).toBe("tablet");
    expect(deviceOf(ANDROID_TABLET)).toBe("tablet");
    expect(deviceOf(CHROME)).toBe("desktop");
  });
});
