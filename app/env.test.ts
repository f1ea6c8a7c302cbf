import path from "node:path";
import { describe, expect, it } from "vitest";
import { mailFrom, resolveBusiness } from "./config.server";
import { defaultBusiness } from "./config";
import { getEnv } from "./env.server";

describe("getEnv", () => {
  it("applies defaults, treating empty values as unset", () => {
    const env = getEnv({ PORT: "", DATA_DIR: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  it("normalises SITE_URL and parses numbers and booleans", () => {
    const env = getEnv({ SITE_URL: "https://www.example.ie/", PORT: "8080", SEED_DEMO_CONTENT: "false" });
    expect(env.SITE_URL).toBe("https://www.example.ie");
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO_CONTENT).toBe(false);
  });

  it("fails fast with a message naming every bad variable", () => {
    expect(() => getEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SITE_URL: "not a url" })).toThrow(
      /PORT[\s\S]*DATABASE_URL must start with postgres|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it("refuses a headers timeout longer than the request timeout (Node would not start)", () => {
    expect(() => getEnv({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(getEnv({ HEADERS_TIMEOUT_MS: "10000", REQUEST_TIMEOUT_MS: "10000" }).HEADERS_TIMEOUT_MS).toBe(10_000);
  });
});

describe("resolveBusiness", () => {
  it("uses the defaults when nothing is overridden", () => {
    expect(resolveBusiness({})).toEqual(defaultBusiness);
  });

  it("lets each business fact be overridden by env", () => {
    const b = resolveBusiness({
      BUSINESS_NAME: "Acme Ceilings",
      BUSINESS_PHONE: "01 234 5678",
      BUSINESS_PHONE_E164: "+35312345678",
      BUSINESS_EMAIL: "hello@acme.ie",
      BUSINESS_LAT: "53.35",
      BUSINESS_LNG: "-6.26",
      BUSINESS_SERVICE_RADIUS_M: "40000",
      BUSINESS_RATING_VALUE: "4.8",
      BUSINESS_RATING_COUNT: "52",
    });
    expect(b).toMatchObject({
      name: "Acme Ceilings",
      phone: "01 234 5678",
      phoneE164: "+35312345678",
      email: "hello@acme.ie",
      geo: { latitude: 53.35, longitude: -6.26 },
      serviceRadiusMetres: 40000,
      rating: { value: 4.8, count: 52, best: 5, worst: 1 },
    });
  });

  it("rejects a non-numeric coordinate", () => {
    expect(() => resolveBusiness({ BUSINESS_LAT: "north" })).toThrow(/BUSINESS_LAT must be a number/);
  });
});

describe("mailFrom", () => {
  it("is MAIL_FROM when set, otherwise the business's name at its e-mail's domain", () => {
    expect(mailFrom(undefined, defaultBusiness)).toBe("IC Interiors website <no-reply@icinteriors.ie>");
    const acme = resolveBusiness({ BUSINESS_NAME: "Acme Ceilings", BUSINESS_EMAIL: "hello@acme.ie" });
    expect(mailFrom(undefined, acme)).toBe("Acme Ceilings website <no-reply@acme.ie>");
    expect(mailFrom("Site <site@example.ie>", acme)).toBe("Site <site@example.ie>");
    expect(getEnv({ MAIL_FROM: "" }).MAIL_FROM).toBeUndefined();
  });
});
