import { describe, expect, it } from "vitest";
import { CLIENT_MESSAGES, validateClient } from "./client-schema";
import { compactVatNumber, isIrishVatNumber, normaliseEircode } from "./irish-codes";

describe("normaliseEircode", () => {
  it("writes a routing key and four characters in upper case with the space", () => {
    expect(normaliseEircode("d18x2c4")).toBe("D18 X2C4");
    expect(normaliseEircode(" D18  X2C4 ")).toBe("D18 X2C4");
    expect(normaliseEircode("d6w ac12")).toBe("D6W AC12");
    expect(normaliseEircode("A65 F4E2")).toBe("A65 F4E2");
  });

  it("refuses what is not an Eircode", () => {
    // B is not a routing key letter, O and I never appear, a routing key has two digits, and four characters follow.
    for (const bad of ["B18 X2C4", "D18 X2O4", "D1 X2C4", "D18 X2C", "D18 X2C44", "Dublin 18", ""])
      expect(normaliseEircode(bad), bad).toBeNull();
  });
});

describe("isIrishVatNumber", () => {
  it("takes IE, seven digits and one or two letters, however spaced", () => {
    expect(isIrishVatNumber("IE1234567X")).toBe(true);
    expect(isIrishVatNumber("IE1234567WA")).toBe(true);
    expect(isIrishVatNumber("ie 123 4567 t")).toBe(true);
    for (const bad of ["1234567X", "IE123456X", "IE12345678X", "IE1234567", "GB123456789", "IE1234567XYZ"])
      expect(isIrishVatNumber(bad), bad).toBe(false);
  });
});

describe("compactVatNumber", () => {
  it("prints one compact form however the number was typed, as Revenue and the e-invoice write it", () => {
    expect(compactVatNumber("IE 6388047V")).toBe("IE6388047V");
    expect(compactVatNumber("ie 3456789 lh")).toBe("IE3456789LH");
    expect(compactVatNumber(" IE1234567T ")).toBe("IE1234567T");
    expect(compactVatNumber("DE 123.456.789")).toBe("DE123456789");
  });
});

describe("validateClient", () => {
  it("cleans and normalises an Irish client: Eircode with its space, VAT number compact, country IE by default", () => {
    const checked = validateClient({
      name: "  Byrne Retail ",
      company: "Byrne Retail Ltd",
      contacts: [{ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", phone: "", role: "Owner" }],
      address: "Unit 4\n\n  Main Street  \nSwords",
      eircode: "k67 x2c4",
      vatNumber: "ie 1234567 wa",
      reverseCharge: true,
    });
    expect(checked).toEqual({
      ok: true,
      data: {
        name: "Byrne Retail",
        company: "Byrne Retail Ltd",
        contacts: [{ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", phone: "", role: "Owner" }],
        address: ["Unit 4", "Main Street", "Swords"],
        eircode: "K67 X2C4",
        country: "IE",
        vatNumber: "IE1234567WA",
        reverseCharge: true,
        notes: "",
      },
    });
  });

  it("names each field that is wrong, contacts by their place", () => {
    const checked = validateClient({
      name: " ",
      contacts: [
        { name: "Front desk", email: "", phone: "" },
        { name: "Accounts", email: "accounts@", phone: "01 555 0147" },
        { name: "Site", email: "", phone: "12" },
      ],
      eircode: "D18",
      country: "Ireland",
      reverseCharge: "yes",
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: CLIENT_MESSAGES.name,
        "contacts.0.email": CLIENT_MESSAGES.contactReach,
        "contacts.1.email": CLIENT_MESSAGES.email,
        "contacts.2.phone": CLIENT_MESSAGES.phone,
        country: CLIENT_MESSAGES.country,
        reverseCharge: CLIENT_MESSAGES.reverseCharge,
      },
    });
  });

  it("checks the Eircode and VAT number as Irish only for a client in Ireland", () => {
    expect(validateClient({ name: "Ward Offices", eircode: "D18", vatNumber: "GB123456789" })).toEqual({
      ok: false,
      errors: { eircode: CLIENT_MESSAGES.eircode, vatNumber: CLIENT_MESSAGES.vatNumber },
    });
    // Alongside another field's message, not only once the rest is right.
    expect(validateClient({ name: "", eircode: "D18" })).toEqual({
      ok: false,
      errors: { name: CLIENT_MESSAGES.name, eircode: CLIENT_MESSAGES.eircode },
    });
    const abroad = validateClient({
      name: "Ward Offices",
      country: "gb",
      eircode: "BT1 1AA",
      vatNumber: "GB123456789",
    });
    expect(abroad).toMatchObject({ ok: true, data: { country: "GB", eircode: "BT1 1AA", vatNumber: "GB123456789" } });
  });

  it("refuses a body that is not an object", () => {
    expect(validateClient([])).toEqual({ ok: false, errors: { body: CLIENT_MESSAGES.body } });
    expect(validateClient(null)).toEqual({ ok: false, errors: { body: CLIENT_MESSAGES.body } });
  });
});
