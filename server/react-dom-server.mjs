// @ts-check
import async_hooks from "node:async_hooks";
import { createRequire } from "node:module";

/**
 * A store for the length of one synchronous call, with the two methods of AsyncLocalStorage that
 * React DOM's renderer calls (run and getStore): what is stored is seen by the call and whatever it
 * calls, and not by work it leaves for later (a promise, a timer).
 * @template T
 */
export class SynchronousStorage {
  /** @type {T | undefined} */
  #store = undefined;

  /**
   * @template R
   * @template {unknown[]} A
   * @param {T} store
   * @param {(...args: A) => R} callback
   * @param {A} args
   * @returns {R}
   */
  run(store, callback, ...args) {
    const outer = this.#store;
    this.#store = store;
    try {
      return callback(...args);
    } finally {
      this.#store = outer;
    }
  }

  /** @returns {T | undefined} */
  getStore() {
    return this.#store;
  }
}

/**
 * React DOM's server renderer for Node (`react-dom/server`, what app/entry.server.tsx renders
 * with), loaded so that it keeps its request in a SynchronousStorage instead of an
 * AsyncLocalStorage; later imports of `react-dom/server` get this same module.
 *
 * Why: the renderer keeps an AsyncLocalStorage only so that React DOM's resource calls
 * (`preload()`, `preinit()`…) made in asynchronous code outside a render can still find their
 * request; during a render it knows its request anyway. The app makes no such calls (it makes none
 * at all). But on Node 20 one AsyncLocalStorage in use means an async hook on every asynchronous
 * resource in the process from then on: each request's ticks, timers and writes, including every
 * cached page the fast path answers without React. That was about a tenth of a cached answer's
 * time (docs/benchmarks.md, bench:http). React's own builds for other runtimes run without it.
 *
 * Node's AsyncLocalStorage is swapped only while the renderer's module is evaluated, synchronously:
 * nothing else runs meanwhile, and every other module gets Node's own.
 * @returns {typeof import("react-dom/server")}
 */
export function loadReactDomServer() {
  const require = createRequire(import.meta.url);
  const original = async_hooks.AsyncLocalStorage;
  async_hooks.AsyncLocalStorage = /** @type {typeof async_hooks.AsyncLocalStorage} */ (
    /** @type {unknown} */ (SynchronousStorage)
  );
  try {
    return require("react-dom/server");
  } finally {
    async_hooks.AsyncLocalStorage = original;
  }
}
