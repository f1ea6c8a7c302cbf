import { describe, expect, it } from "vitest";
import { isCurrentNavItem } from "./nav-links";

const at = (pathname: string, hash = "") => ({ pathname, hash });

describe("isCurrentNavItem", () => {
  it("marks Home only on the home page without the services hash", () => {
    expect(isCurrentNavItem("/", at("/"))).toBe(true);
    expect(isCurrentNavItem("/", at("/", "#about"))).toBe(true);
    expect(isCurrentNavItem("/", at("/", "#services"))).toBe(false);
    expect(isCurrentNavItem("/", at("/gallery"))).toBe(false);
  });

  it("marks Services when the services section is targeted", () => {
    expect(isCurrentNavItem("/#services", at("/", "#services"))).toBe(true);
    expect(isCurrentNavItem("/#services", at("/"))).toBe(false);
  });

  it("treats /contact and /contact-us as the same page", () => {
    expect(isCurrentNavItem("/contact-us", at("/contact"))).toBe(true);
    expect(isCurrentNavItem("/contact-us", at("/contact-us/"))).toBe(true);
  });

  it("matches a section and its sub-pages but not a longer sibling", () => {
    expect(isCurrentNavItem("/gallery", at("/gallery"))).toBe(true);
    expect(isCurrentNavItem("/shop-ceiling-specialists", at("/shop-ceiling"))).toBe(false);
  });
});
