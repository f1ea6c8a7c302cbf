import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { attachedEstimate, issueEstimateId, readEstimateId } from "./estimate-token.server";
import type { StoredEstimate } from "./stored-estimate";

const secret = crypto.randomBytes(32);
const estimate: StoredEstimate = {
  item: "basic-suspended-ceiling",
  itemLabel: "Basic suspended ceiling",
  service: "Suspended Ceilings",
  unit: "m2",
  quantity: 120,
  options: [],
  location: "Naas",
  place: { label: "Naas, Co. Kildare", routingKey: null },
  lowEur: 3600,
  highEur: 7200,
  currency: "EUR",
  inServiceArea: true,
  distanceKm: 30.9,
  estimatedAt: "2026-11-23T10:00:00.000Z",
};

describe("estimate ids", () => {
  it("carry the estimate, signed", () => {
    const id = issueEstimateId(secret, estimate);
    expect(id).toMatch(/^e1\.[\w-]+\.[\w-]+$/);
    expect(readEstimateId(secret, id)).toEqual(estimate);
  });

  it("refuse a changed figure, another key, a cut-short or malformed id", () => {
    const id = issueEstimateId(secret, estimate);
    const [prefix, , signature] = id.split(".");
    const cheaper = Buffer.from(JSON.stringify({ ...estimate, lowEur: 1, highEur: 2 })).toString("base64url");
    expect(readEstimateId(secret, `${prefix}.${cheaper}.${signature}`)).toBeNull();
    expect(readEstimateId(crypto.randomBytes(32), id)).toBeNull();
    expect(readEstimateId(secret, id.slice(0, -3))).toBeNull();
    expect(readEstimateId(secret, `${id}.x`)).toBeNull();
    expect(readEstimateId(secret, "e1..")).toBeNull();
    expect(readEstimateId(secret, "nonsense")).toBeNull();
  });

  it("attach to a lead: none, genuine, or invalid", () => {
    const id = issueEstimateId(secret, estimate);
    expect(attachedEstimate({}, secret)).toBeNull();
    expect(attachedEstimate({ estimateId: "" }, secret)).toBeNull();
    expect(attachedEstimate({ estimateId: null }, secret)).toBeNull();
    expect(attachedEstimate({ estimateId: id }, secret)).toEqual(estimate);
    expect(attachedEstimate({ estimateId: 42 }, secret)).toBe("invalid");
    expect(attachedEstimate({ estimateId: "e1.forged.sig" }, secret)).toBe("invalid");
  });
});
