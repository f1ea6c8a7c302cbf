import { describe, expect, it } from "vitest";
import { landingOf, UTM_KEYS, utmFrom } from "./attribution";

describe("utmFrom", () => {
  it("keeps exactly the utm_* tags the server accepts", () => {
    const search = `?${UTM_KEYS.map((k) => `${k}=v-${k}`).join("&")}&gclid=x&utm_other=y`;
    expect(utmFrom(search)).toEqual(Object.fromEntries(UTM_KEYS.map((k) => [k, `v-${k}`])));
    expect(utmFrom("?page=2")).toBeUndefined();
  });
});

describe("landingOf", () => {
  const here = { origin: "https://www.example.ie", pathname: "/contact-us", search: "?utm_source=x" };

  it("takes this page as the landing page when the visit starts here", () => {
    expect(landingOf(here, "")).toEqual({ landingPage: "/contact-us?utm_source=x", referrer: undefined });
    expect(landingOf(here, "https://www.google.ie/")).toEqual({
      landingPage: "/contact-us?utm_source=x",
      referrer: "https://www.google.ie/",
    });
  });

  it("claims no landing page when the visitor came from another page of the site", () => {
    // The page they landed on never ran its script (a link followed before it did): the server's
    // record of the visit knows where it started.
    expect(landingOf(here, "https://www.example.ie/shop-ceiling?utm_campaign=december")).toEqual({
      landingPage: undefined,
      referrer: undefined,
    });
  });
});
