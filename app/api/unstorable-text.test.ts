import { describe, expect, it } from "vitest";
import { decodeUrlPart, hasUnstorableText, isUnstorable, queryHasUnstorableText } from "./unstorable-text";

describe("text the database cannot store", () => {
  it("is a NUL or a lone surrogate; a whole surrogate pair (an emoji) is fine", () => {
    expect(isUnstorable("a\u0000b")).toBe(true);
    expect(isUnstorable("a\ud800b")).toBe(true);
    expect(isUnstorable("a\udc00")).toBe(true);
    expect(isUnstorable("\udc00\ud800")).toBe(true);
    expect(isUnstorable("Ceiling 👍 in Dún Laoghaire\ttab\nline")).toBe(false);
  });

  it("is found anywhere in a parsed JSON body, keys included, but not in other values", () => {
    expect(hasUnstorableText({ note: { lines: ["ok", "bad\u0000"] } })).toBe(true);
    expect(hasUnstorableText({ ["key\ud800"]: 1 })).toBe(true);
    expect(hasUnstorableText("top-level\u0000")).toBe(true);
    expect(hasUnstorableText({ n: 1, b: true, z: null, list: ["Athlone", "€12"] })).toBe(false);
    expect(hasUnstorableText(42)).toBe(false);
  });

  it("decodes URL parts as UTF-8; a NUL, an encoded surrogate or a broken escape is unreadable", () => {
    expect(decodeUrlPart("caf%C3%A9")).toBe("café");
    expect(decodeUrlPart("a+b", true)).toBe("a b");
    expect(decodeUrlPart("a+b")).toBe("a+b");
    expect(decodeUrlPart("x%00")).toBeNull();
    expect(decodeUrlPart("%ED%A0%80")).toBeNull(); // U+D800 as UTF-8 bytes
    expect(decodeUrlPart("100%")).toBeNull();
    expect(decodeUrlPart("%C3")).toBeNull();
  });

  it("in a query string is a NUL or a surrogate spelled as bytes; other broken escapes read as U+FFFD", () => {
    expect(queryHasUnstorableText("q=%00")).toBe(true);
    expect(queryHasUnstorableText("a=1&%00=2")).toBe(true);
    expect(queryHasUnstorableText("q=x%ed%a0%80")).toBe(true);
    expect(queryHasUnstorableText("q=%ED%BF%BF")).toBe(true);
    expect(queryHasUnstorableText("utm_term=caf%E9&q=100%")).toBe(false);
    expect(queryHasUnstorableText("q=%F0%9F%91%8D&r=caf%C3%A9+au+lait")).toBe(false);
  });
});
