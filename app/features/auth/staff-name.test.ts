import { describe, expect, it } from "vitest";
import { staffName } from "./staff-name";

describe("staffName", () => {
  it("names a person by their full name once set", () => {
    expect(staffName({ username: "niamh.byrne", fullName: "Niamh Byrne" })).toBe("Niamh Byrne");
  });

  it("falls back to the username while no full name is set", () => {
    expect(staffName({ username: "niamh.byrne", fullName: "" })).toBe("niamh.byrne");
    expect(staffName({ username: "niamh.byrne", fullName: "   " })).toBe("niamh.byrne");
  });
});
