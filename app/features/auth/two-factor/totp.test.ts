import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decryptTotpSecret, encryptTotpSecret, groupKey, matchTotpStep, newTotpSecret, totpUri } from "./totp.server";

const appSecret = crypto.randomBytes(32);
const codeAt = (secret: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: ms });

describe("TOTP secret at rest", () => {
  it("round-trips through AES-256-GCM, and the stored form shows nothing of the secret", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = encryptTotpSecret(secret, appSecret, 7);
    expect(stored).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(stored).not.toContain(secret);
    expect(decryptTotpSecret(stored, appSecret, 7)).toBe(secret);
    // A fresh IV each time: the same secret never looks the same twice.
    expect(encryptTotpSecret(secret, appSecret, 7)).not.toBe(stored);
  });

  it("refuses another user's row, another key, a tampered value and junk", () => {
    const stored = encryptTotpSecret(newTotpSecret(), appSecret, 7);
    expect(decryptTotpSecret(stored, appSecret, 8)).toBeNull();
    expect(decryptTotpSecret(stored, crypto.randomBytes(32), 7)).toBeNull();
    const parts = stored.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0]! ^= 1;
    expect(decryptTotpSecret([...parts.slice(0, 3), body.toString("base64url")].join("."), appSecret, 7)).toBeNull();
    for (const junk of [null, undefined, "", "v1.a.b", "v2.a.b.c", "not.base64.at.all!"])
      expect(decryptTotpSecret(junk, appSecret, 7)).toBeNull();
  });
});

describe("codes", () => {
  const secret = newTotpSecret();
  const now = Date.parse("2026-03-02T09:00:10Z");
  const step = Math.floor(now / 30_000);

  it("accepts the current code and one step either side, and says which step it was", () => {
    expect(matchTotpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    // Spaces as some apps show them ("123 456").
    const code = codeAt(secret, now);
    expect(matchTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
  });

  it("refuses codes two steps away, another secret's code, and anything that is not 6 digits", () => {
    const away = [codeAt(secret, now - 60_000), codeAt(secret, now + 60_000)].filter(
      (c) => ![-1, 0, 1].some((d) => codeAt(secret, now + d * 30_000) === c),
    );
    for (const code of away) expect(matchTotpStep(secret, code, now)).toBeNull();
    const other = newTotpSecret();
    const otherCode = codeAt(other, now);
    if (![-1, 0, 1].some((d) => codeAt(secret, now + d * 30_000) === otherCode))
      expect(matchTotpStep(secret, otherCode, now)).toBeNull();
    for (const bad of ["", "12345", "1234567", "abcdef", "12a456"]) expect(matchTotpStep(secret, bad, now)).toBeNull();
  });

  it("shows the key in groups of four and builds a standard otpauth:// address", () => {
    expect(groupKey("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")).toBe("ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567");
    const uri = new URL(totpUri(secret, "Siobhan"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/IC Interiors:Siobhan");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: "IC Interiors",
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });

  describe("with another BUSINESS_NAME", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it("names the configured business as the issuer, and the codes do not depend on it", async () => {
      vi.stubEnv("BUSINESS_NAME", "Acme Ceilings");
      vi.resetModules(); // config.server.ts resolves the business once per process
      const renamed = await import("./totp.server");
      const uri = new URL(renamed.totpUri(secret, "Siobhan"));
      expect(decodeURIComponent(uri.pathname)).toBe("/Acme Ceilings:Siobhan");
      expect(uri.searchParams.get("issuer")).toBe("Acme Ceilings");
      // An app set up under the old name still shows it, and its codes still verify.
      const now = Date.now();
      expect(renamed.matchTotpStep(secret, codeAt(secret, now), now)).toBe(Math.floor(now / 30_000));
    });
  });
});
