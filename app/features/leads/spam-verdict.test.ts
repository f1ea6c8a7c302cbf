import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "./form-token.server";
import { spamVerdict } from "./spam-verdict.server";

const secret = crypto.randomBytes(32);
const now = 1_790_000_000_000;
const rule = (formToken: "required" | "optional" | "none") => ({ formToken, secret, minFillMs: 3000, now });

describe("spamVerdict", () => {
  it("lets a person through: a token older than the minimum fill time, no honeypot", () => {
    expect(spamVerdict({ formToken: issueFormToken(secret, now - 3000) }, rule("required"))).toEqual({ spam: false });
    expect(spamVerdict({ website: "", formToken: issueFormToken(secret, now - 86_400_000) }, rule("required"))).toEqual(
      {
        spam: false,
      },
    );
  });

  it("flags a filled honeypot first, whatever the token", () => {
    const token = issueFormToken(secret, now - 10_000);
    for (const formToken of ["required", "optional", "none"] as const)
      expect(spamVerdict({ website: "http://x.example", formToken: token }, rule(formToken))).toEqual({
        spam: true,
        reason: "honeypot",
      });
  });

  it("flags a form sent sooner than the minimum fill time (autofill, bots) as too fast", () => {
    expect(spamVerdict({ formToken: issueFormToken(secret, now - 1700) }, rule("optional"))).toEqual({
      spam: true,
      reason: "too-fast",
    });
  });

  it("flags a missing token from the site's own form, and a forged or foreign one from anyone", () => {
    expect(spamVerdict({}, rule("required"))).toEqual({ spam: true, reason: "bad-token" });
    expect(spamVerdict({}, rule("optional"))).toEqual({ spam: false });
    expect(spamVerdict({ formToken: `${now - 10_000}.forged` }, rule("optional"))).toEqual({
      spam: true,
      reason: "bad-token",
    });
    const foreign = issueFormToken(crypto.randomBytes(32), now - 10_000);
    expect(spamVerdict({ formToken: foreign }, rule("required"))).toEqual({ spam: true, reason: "bad-token" });
    // From the future: forged.
    expect(spamVerdict({ formToken: issueFormToken(secret, now + 120_000) }, rule("required"))).toEqual({
      spam: true,
      reason: "bad-token",
    });
  });

  it("ignores tokens where a form has none (the chat)", () => {
    expect(spamVerdict({ formToken: "junk" }, rule("none"))).toEqual({ spam: false });
  });
});
