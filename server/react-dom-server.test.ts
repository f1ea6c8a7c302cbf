import async_hooks from "node:async_hooks";
import { createRequire } from "node:module";
import { PassThrough } from "node:stream";
import { createElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SynchronousStorage, loadReactDomServer } from "./react-dom-server.mjs";

const require = createRequire(import.meta.url);
const NodeAsyncLocalStorage = async_hooks.AsyncLocalStorage;

/** Forget React DOM's server modules, so the next load evaluates them again. */
function forgetReactDomServer() {
  for (const file of Object.keys(require.cache)) {
    if (/[\\/]react-dom[\\/](server|cjs[\\/]react-dom-server)/.test(file)) delete require.cache[file];
  }
}

/** Renders a page with the renderer's stream API, as app/entry.server.tsx does, and counts AsyncLocalStorage runs. */
async function render(server: typeof ReactDomServer) {
  const run = vi.spyOn(NodeAsyncLocalStorage.prototype, "run");
  const html = await new Promise<string>((resolve, reject) => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    out.on("end", () => resolve(text));
    const { pipe } = server.renderToPipeableStream(createElement("p", null, "Suspended ceilings, Dublin"), {
      onAllReady: () => pipe(out),
      onError: reject,
    });
  });
  // Work React left for later (its early preloads) has run too.
  await new Promise((resolve) => setImmediate(resolve));
  const runs = run.mock.calls.length;
  run.mockRestore();
  return { html, runs };
}

afterEach(() => {
  vi.restoreAllMocks();
  forgetReactDomServer();
});

describe("React DOM's server renderer, loaded by server.js", () => {
  it("renders without an AsyncLocalStorage, so no async hook runs for every request", async () => {
    forgetReactDomServer();
    const { html, runs } = await render(loadReactDomServer());
    expect(html).toBe("<p>Suspended ceilings, Dublin</p>");
    expect(runs).toBe(0);
    // Every other module still gets Node's own.
    expect(async_hooks.AsyncLocalStorage).toBe(NodeAsyncLocalStorage);
  });

  it("is what a later import of react-dom/server gets", () => {
    forgetReactDomServer();
    const loaded = loadReactDomServer();
    expect(require("react-dom/server")).toBe(loaded);
  });

  it("would use an AsyncLocalStorage if loaded as it comes (what the test above guards against)", async () => {
    forgetReactDomServer();
    const { html, runs } = await render(require("react-dom/server") as typeof ReactDomServer);
    expect(html).toBe("<p>Suspended ceilings, Dublin</p>");
    expect(runs).toBeGreaterThan(0);
  });
});

describe("SynchronousStorage", () => {
  it("holds a store for the length of one call, nested calls included, and restores the outer one", () => {
    const storage = new SynchronousStorage<string>();
    expect(storage.getStore()).toBeUndefined();
    const seen = storage.run("outer", () => {
      const inner = storage.run("inner", () => storage.getStore());
      return [inner, storage.getStore()];
    });
    expect(seen).toEqual(["inner", "outer"]);
    expect(storage.getStore()).toBeUndefined();
    expect(() =>
      storage.run("failing", () => {
        throw new Error("grid collapsed");
      }),
    ).toThrow("grid collapsed");
    expect(storage.getStore()).toBeUndefined();
    expect(storage.run("x", (a: number, b: number) => a + b, 2, 3)).toBe(5);
  });

  it("is not seen by work a call leaves for later", async () => {
    const storage = new SynchronousStorage<string>();
    const later = await storage.run("request", () => Promise.resolve().then(() => storage.getStore()));
    expect(later).toBeUndefined();
  });
});
