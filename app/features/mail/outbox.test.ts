import { describe, expect, it } from "vitest";
import { isServerFault, retryDelayMs } from "./outbox.server";

describe("isServerFault", () => {
  it("blames the server when it is down, silent or refusing for now", () => {
    expect(isServerFault(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(true);
    expect(isServerFault(Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }))).toBe(true);
    expect(isServerFault(Object.assign(new Error("451 try later"), { code: "EENVELOPE", responseCode: 451 }))).toBe(
      true,
    );
  });
  it("blames the message when the server refuses it for good", () => {
    expect(isServerFault(Object.assign(new Error("550 no such user"), { code: "EENVELOPE", responseCode: 550 }))).toBe(
      false,
    );
    expect(isServerFault(Object.assign(new Error("552 too big"), { code: "EMESSAGE", responseCode: 552 }))).toBe(false);
  });
});

describe("retryDelayMs", () => {
  it("doubles from the base and stops at an hour", () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});
