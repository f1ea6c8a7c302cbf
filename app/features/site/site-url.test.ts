import { describe, expect, it } from "vitest";
import { effectiveSiteUrl, unreachableLinksHost } from "./site-url";

describe("the site's address", () => {
  const unset = { SITE_URL: "http://localhost:3000", siteUrlFromEnv: false };
  it("is SITE_URL when the environment sets it, whatever is saved", () => {
    const env = { SITE_URL: "https://www.icinteriors.ie", siteUrlFromEnv: true };
    expect(effectiveSiteUrl(env, { siteUrl: "https://other.ie" })).toBe("https://www.icinteriors.ie");
  });
  it("is the saved one while SITE_URL is unset, else the default", () => {
    expect(effectiveSiteUrl(unset, { siteUrl: "https://www.icinteriors.ie" })).toBe("https://www.icinteriors.ie");
    expect(effectiveSiteUrl(unset, { siteUrl: "" })).toBe("http://localhost:3000");
    expect(effectiveSiteUrl(unset, {})).toBe("http://localhost:3000");
  });
});

describe("the dashboard's warning", () => {
  it("names the host the site is reached at while its address is a local one", () => {
    expect(unreachableLinksHost("http://localhost:3000", "https://www.icinteriors.ie/admin")).toBe(
      "www.icinteriors.ie",
    );
    expect(unreachableLinksHost("http://127.0.0.1:3000", "http://192.168.1.20:3000/admin")).toBe("192.168.1.20:3000");
  });
  it("stays away on a local machine, and once the address is a public one", () => {
    expect(unreachableLinksHost("http://localhost:3000", "http://localhost:3000/admin")).toBeNull();
    expect(unreachableLinksHost("http://localhost:3000", "http://127.0.0.1:3000/admin")).toBeNull();
    expect(unreachableLinksHost("https://www.icinteriors.ie", "https://www.icinteriors.ie/admin")).toBeNull();
  });
});
