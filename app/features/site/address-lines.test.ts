import { describe, expect, it } from "vitest";
import { oneLineAddress } from "./address-lines";

describe("oneLineAddress", () => {
  it("joins typed lines with commas on one line", () => {
    expect(oneLineAddress("Unit 4\nNaas Road\r\nDublin 12\nD12 X285")).toBe("Unit 4, Naas Road, Dublin 12, D12 X285");
  });

  it("drops blank lines and a comma typed at a line's end, keeping commas inside a line", () => {
    expect(oneLineAddress("  Unit 4, Block B,\n\n Naas Road, \n")).toBe("Unit 4, Block B, Naas Road");
  });

  it("joins parts given as text, as lines or left out", () => {
    expect(oneLineAddress(["Unit 4", "Naas Road"], "", null, undefined, "Dublin 12 D12 X285")).toBe(
      "Unit 4, Naas Road, Dublin 12 D12 X285",
    );
    expect(oneLineAddress("")).toBe("");
  });
});
