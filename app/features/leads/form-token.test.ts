import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken, MIN_FILL_MS } from "./form-token.server";

const secret = crypto.randomBytes(32);
const t0 = 1_750_000_000_000;

describe("form token", () => {
  it("accepts anyone who takes 4 seconds or more, however long", () => {
    const token = issueFormToken(secret, t0);
    expect(checkFormToken(secret, token, t0 + 4_000)).toBe("ok");
    expect(checkFormToken(secret, token, t0 + MIN_FILL_MS)).toBe("ok");
    expect(checkFormToken(secret, token, t0 + 3 * 24 * 3600_000)).toBe("ok");
  });

  it("flags a submission faster than a person can type", () => {
    const token = issueFormToken(secret, t0);
    expect(checkFormToken(secret, token, t0 + 500)).toBe("too-fast");
    expect(checkFormToken(secret, token, t0 + MIN_FILL_MS - 1)).toBe("too-fast");
  });

  it("refuses forged, altered or foreign tokens", () => {
    const token = issueFormToken(secret, t0);
    const [, sig] = token.split(".");
    expect(checkFormToken(secret, `${t0 - 60_000}.${sig}`, t0 + 10_000)).toBe("invalid");
    expect(checkFormToken(crypto.randomBytes(32), token, t0 + 10_000)).toBe("invalid");
    expect(checkFormToken(secret, "garbage", t0)).toBe("invalid");
    expect(checkFormToken(secret, issueFormToken(secret, t0 + 3_600_000), t0)).toBe("invalid");
  });
});
