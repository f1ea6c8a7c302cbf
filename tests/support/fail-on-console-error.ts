import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a bug: fail the test that caused it. A test that expects one
// mocks console.error itself (vi.spyOn(console, "error").mockImplementation(...)).
let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});
afterEach(() => {
  const spy = console.error as unknown as { mockRestore?: () => void; getMockImplementation?: () => unknown };
  spy.mockRestore?.();
  if (calls.length > 0) {
    const text = calls.map((args) => args.map(String).join(" ")).join("\n");
    calls = [];
    throw new Error(`Unexpected console.error during the test:\n${text}`);
  }
});
