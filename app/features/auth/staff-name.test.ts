import { describe, expect, it } from "vitest";
import { staffName, staffNameAndUsername } from "./staff-name";

describe("staffName", () => {
  it("names a person by their full name once set", () => {
    expect(staffName({ username: "niamh.byrne", fullName: "Niamh Byrne" })).toBe("Niamh Byrne");
  });

  it("falls back to the username while no full name is set", () => {
    expect(staffName({ username: "niamh.byrne", fullName: "" })).toBe("niamh.byrne");
    expect(staffName({ username: "niamh.byrne", fullName: "   " })).toBe("niamh.byrne");
  });
});

describe("staffNameAndUsername (the audit log)", () => {
  it("gives the full name with the username recorded, or the username alone", () => {
    expect(staffNameAndUsername("niamh.byrne", "Niamh Byrne")).toBe("Niamh Byrne (niamh.byrne)");
    expect(staffNameAndUsername("niamh.byrne", " Niamh Byrne ")).toBe("Niamh Byrne (niamh.byrne)");
    expect(staffNameAndUsername("niamh.byrne", "")).toBe("niamh.byrne");
    expect(staffNameAndUsername("system", undefined)).toBe("system");
  });
});
