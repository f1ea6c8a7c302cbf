import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { hydratesOnInteraction } from "~/components/hydration";
import { BOOT_TYPE, deferHydration, deferHydrationStream, HYDRATION_LOADER } from "./hydrate-on-interaction.server";

const moduleScript = (nonce: string) =>
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>`;
const page = (nonce = ' nonce="abc=="') =>
  `<!DOCTYPE html><html><head><title>Shop ceilings</title></head><body class="min-h-screen">` +
  `<main>Shop ceilings</main><script${nonce}>window.__reactRouterContext = {};</script>` +
  `${moduleScript(nonce)}<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("deferHydration", () => {
  it("makes React Router's module script inert and puts the loader beside it, nonce and all", () => {
    const out = deferHydration(page());
    expect(out).not.toContain('type="module" async');
    expect(out).toContain(
      `<script nonce="abc==" type="${BOOT_TYPE}" id="app-hydration">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>` +
        `<script nonce="abc==">${HYDRATION_LOADER}</script>`,
    );
    // Everything else as it was.
    expect(out).toContain('<script nonce="abc==">window.__reactRouterContext = {};</script>');
    expect(
      out.endsWith(
        '<script nonce="abc==">window.__reactRouterContext.streamController.close();</script></body></html>',
      ),
    ).toBe(true);
  });

  it("works without a nonce (a page rendered for the cache has its scripts hashed later)", () => {
    const out = deferHydration(page(""));
    expect(out).toContain(`<script type="${BOOT_TYPE}" id="app-hydration">`);
    expect(out).toContain(`<script>${HYDRATION_LOADER}</script>`);
  });

  it("leaves a document without React Router's module script alone", () => {
    expect(deferHydration("<p>no script</p>")).toBe("<p>no script</p>");
  });

  it("is a classic script that compiles", () => {
    // Compiles (a syntax error would throw here) without running it.
    expect(() => new vm.Script(HYDRATION_LOADER)).not.toThrow();
    expect(HYDRATION_LOADER).not.toMatch(/\bimport\b|\bexport\b/);
  });
});

describe("deferHydrationStream", () => {
  it("rewrites a document split anywhere, multi-byte characters included", async () => {
    const html = page().replace("Shop ceilings", "Dún Laoghaire");
    const bytes = Buffer.from(html);
    for (const size of [1, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(chunks).pipe(deferHydrationStream())), `chunks of ${size}`).toBe(
        deferHydration(html),
      );
    }
  });
});

describe("hydratesOnInteraction", () => {
  it("is true for a page below a route whose handle asks for it, and only then", () => {
    const publicLayout = { handle: { hydrate: "on-interaction" } };
    expect(hydratesOnInteraction([{}, publicLayout, { handle: undefined }])).toBe(true);
    expect(hydratesOnInteraction([{}, { handle: { other: true } }, {}])).toBe(false);
    expect(hydratesOnInteraction([])).toBe(false);
  });
});
