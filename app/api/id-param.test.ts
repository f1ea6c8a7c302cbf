import { describe, expect, it } from "vitest";
import { idParam, MAX_ID } from "./id-param";

describe("idParam: a row id from a path or query", () => {
  it.each([
    ["1", 1],
    ["7", 7],
    ["1000", 1000],
    ["2147483647", MAX_ID],
  ])("reads %j as %d", (value, id) => {
    expect(idParam(value)).toBe(id);
  });

  it.each([
    "0", // ids start at 1
    "-1",
    "1e3", // Number() would read 1000
    "007", // Number() would read 7: one row, one address
    "2147483648", // 2^31: past the integer column
    "99999999999",
    "1.0",
    "0x10",
    " 7",
    "7 ",
    "",
  ])("refuses %j", (value) => {
    expect(idParam(value)).toBeNull();
  });

  it("refuses anything but text (a repeated query value is an array)", () => {
    expect(idParam(["7"])).toBeNull();
    expect(idParam(7)).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
});
