import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority.server";

const run = (chunks: Array<string | Buffer>) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowerModulePreloadPriority()));

const doc =
  '<!DOCTYPE html><html><head><title>Dún Laoghaire</title><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Dún Laoghaire &lt;link rel="modulepreload"</p></body></html>';

describe("lowerModulePreloadPriority", () => {
  it("marks every module preload in the head low priority and leaves the body alone", async () => {
    const out = await run([doc]);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out).toContain('<p>Dún Laoghaire &lt;link rel="modulepreload"</p>');
    expect(out.replaceAll(' fetchpriority="low"', "")).toBe(doc);
  });

  it("handles a tag, </head> or a character split across chunks", async () => {
    const bytes = Buffer.from(doc);
    const whole = await run([bytes]);
    for (const size of [1, 7, 40]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await run(chunks), `chunks of ${size} bytes`).toBe(whole);
    }
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await run(["plain ", "text"])).toBe("plain text");
  });
});
