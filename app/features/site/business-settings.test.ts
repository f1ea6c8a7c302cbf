import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import {
  BANK_MESSAGES,
  BusinessSettingsSchema,
  openingHoursLabel,
  phoneE164,
  seedSettings,
  toBusiness,
} from "./business-settings";

describe("phoneE164", () => {
  it("turns the number as callers dial it into the form tel: links and search engines need", () => {
    expect(phoneE164("01 555 0192")).toBe("+35315550192");
    expect(phoneE164("087 123 4567")).toBe("+353871234567");
    expect(phoneE164("+353 1 555 0192")).toBe("+35315550192");
    expect(phoneE164("0044 20 7946 0958")).toBe("+442079460958");
  });
});

describe("openingHoursLabel", () => {
  it("reads a run of days as a range and other days as a list", () => {
    expect(
      openingHoursLabel({
        days: ["Friday", "Monday", "Tuesday", "Wednesday", "Thursday"],
        opens: "08:00",
        closes: "18:00",
      }),
    ).toBe("Monday–Friday: 8:00–18:00");
    expect(openingHoursLabel({ days: ["Monday", "Wednesday"], opens: "07:30", closes: "12:00" })).toBe(
      "Monday, Wednesday: 7:30–12:00",
    );
    expect(openingHoursLabel({ days: ["Saturday"], opens: "09:00", closes: "13:00" })).toBe("Saturday: 9:00–13:00");
  });
});

describe("the business phone number", () => {
  const seeded = seedSettings(defaultBusiness, undefined);
  const phoneError = (phone: string) =>
    BusinessSettingsSchema.safeParse({ ...seeded, phone }).error?.issues.find((i) => i.path[0] === "phone")?.message;

  it("takes the ways an Irish number is written, the area code in brackets too", () => {
    for (const phone of ["(01) 429 6020", "01 429 6020", "+353 1 429 6020", "087-123-4567"])
      expect(phoneError(phone), phone).toBeUndefined();
    expect(phoneE164("(01) 429 6020")).toBe("+35314296020");
  });

  it("refuses what is not a number callers can dial", () => {
    for (const phone of ["call us", "(01)", "01 429 6020 ext. 4", "++353 1 429 6020"])
      expect(phoneError(phone), phone).toMatch(/^Enter the number as callers dial it/);
  });
});

describe("the stored settings and the Business the site shows", () => {
  it("seeded from the defaults, gives back the same facts (no rating claimed)", () => {
    const seeded = seedSettings(defaultBusiness, undefined);
    expect(BusinessSettingsSchema.safeParse(seeded).success).toBe(true);
    expect(toBusiness(seeded, defaultBusiness)).toEqual(defaultBusiness);
    expect(seeded.notifyEmails).toEqual(["info@icinteriors.ie"]);
    expect(seedSettings(defaultBusiness, "leads@icinteriors.ie").notifyEmails).toEqual(["leads@icinteriors.ie"]);
  });

  it("takes the last address line as the town, and hides empty social links", () => {
    const stored = {
      ...seedSettings(defaultBusiness, undefined),
      name: "Fonthill Ceilings",
      address: "Unit 12,\nFonthill Industrial Park\nDublin 22",
      social: { facebook: "", instagram: "https://www.instagram.com/fonthill", linkedin: "" },
    };
    const business = toBusiness(stored, defaultBusiness);
    expect(business.address).toMatchObject({ street: "Unit 12, Fonthill Industrial Park", locality: "Dublin 22" });
    expect(business.social).toEqual([{ name: "Instagram", url: "https://www.instagram.com/fonthill" }]);
    expect(business.legalName).toBe("Fonthill Ceilings");
    expect(toBusiness(stored, defaultBusiness, { legalNameSet: true }).legalName).toBe("IC Interiors Ltd");
  });
});

describe("the bank account", () => {
  const seeded = seedSettings(defaultBusiness, undefined);
  const withBank = (bank: { accountName: string; iban: string; bic: string }) =>
    BusinessSettingsSchema.safeParse({ ...seeded, bank });

  it("checks the IBAN by its checksum and stores IBAN and BIC without spaces, in capitals", () => {
    const ok = withBank({ accountName: "IC Interiors Ltd", iban: "ie29 aibk 9311 5212 3456 78", bic: "aibk ie2d" });
    expect(ok.success && ok.data.bank).toEqual({
      accountName: "IC Interiors Ltd",
      iban: "IE29AIBK93115212345678",
      bic: "AIBKIE2D",
    });
    const typo = withBank({ accountName: "IC Interiors Ltd", iban: "IE29AIBK93115212345687", bic: "AIBKIE2D" });
    expect(typo.success ? null : typo.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["bank.iban", BANK_MESSAGES.iban],
    ]);
    expect(withBank({ accountName: "", iban: "", bic: "" }).success).toBe(true);
  });
});
