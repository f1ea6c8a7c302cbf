import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { stripModulePreloads } from "./strip-module-preloads.server";

const run = (chunks: Array<string | Buffer>) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(stripModulePreloads()));

const head =
  '<!DOCTYPE html><html><head><title>Dún Laoghaire</title><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/b.js"/>';
const body =
  '</head><body><p>Dún Laoghaire &lt;link rel="modulepreload"</p><script type="module">import "/assets/a.js";</script></body></html>';
const expected = '<!DOCTYPE html><html><head><title>Dún Laoghaire</title><link rel="icon" href="/favicon.svg"/>' + body;

describe("stripModulePreloads", () => {
  it("removes every module preload from the head and leaves everything else alone", async () => {
    expect(await run([head + body])).toBe(expected);
  });

  it("handles a tag, </head> or a character split across chunks", async () => {
    const bytes = Buffer.from(head + body);
    for (const size of [1, 7, 40]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await run(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await run(["plain ", "text"])).toBe("plain text");
  });
});
