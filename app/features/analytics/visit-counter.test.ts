import { describe, expect, it } from "vitest";
import { clientIp } from "./visit-counter.server";

describe("the client's IP, as Express reads it", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientIp("198.51.100.4", "203.0.113.9", 0)).toBe("198.51.100.4");
  });

  it("is the address the trusted proxy saw, counting hops from the right", () => {
    expect(clientIp("10.0.0.2", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientIp("10.0.0.2", "192.0.2.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientIp("10.0.0.2", "192.0.2.1, 203.0.113.9", 2)).toBe("192.0.2.1");
    expect(clientIp("10.0.0.2", "203.0.113.9", 5)).toBe("203.0.113.9");
  });
});
