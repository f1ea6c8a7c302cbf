import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export { expect };

type Options = {
  /**
   * Console errors a test expects, matched against "<message text> @ <source url>". Anything else
   * logged with console.error (or any uncaught page error) fails the test.
   */
  allowedConsoleErrors: RegExp[];
};

export const test = base.extend<Options>({
  allowedConsoleErrors: [[], { option: true }],

  page: async ({ page, allowedConsoleErrors }, use) => {
    const unexpected: string[] = [];
    const onConsole = (msg: ConsoleMessage) => {
      if (msg.type() !== "error") return;
      const entry = `${msg.text()} @ ${msg.location().url}`;
      if (!allowedConsoleErrors.some((re) => re.test(entry))) unexpected.push(`console.error: ${entry}`);
    };
    const onPageError = (error: Error) => unexpected.push(`page error: ${error.stack ?? error.message}`);
    page.on("console", onConsole);
    page.on("pageerror", onPageError);

    await use(page);

    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    expect(unexpected, "the page logged unexpected errors").toEqual([]);
  },
});

/** Axe rule sets every page must pass: WCAG 2.0/2.1 A and AA plus axe best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Rules axe marks experimental (off by default) that Lighthouse's accessibility audit runs:
 * label-in-name (WCAG 2.5.3), e.g. a "Call Now" button whose accessible name must contain "Call Now".
 */
const AXE_EXPERIMENTAL_RULES = { "label-content-name-mismatch": { enabled: true } };

/**
 * axe-core's minified build (the same rules as its 1.3 MB readable `source`, in 0.6 MB), read once
 * per Playwright worker and evaluated in the page before each check.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * What each check asks of axe.run: the tags' rules and the experimental one, violations only.
 * Every rule still runs on every element; `resultTypes` only spares axe building a selector and an
 * HTML excerpt for each element that passed (one per rule is kept): the violations come in full. A
 * check of /shop-ceiling-specialists took 18–21 s without it and 16–17 s with it, alternated in one
 * browser on a machine at load 30 (docs/development.md, "Test legs"). `preload: false`: axe
 * otherwise reads every stylesheet into a CSS object model first, for the one rule that uses it
 * (css-orientation-lock), which is experimental and off, so it never runs here. The same rules run
 * either way with the same results; the check of six public pages took 1.5–1.85 s against 1.9–2.25 s
 * (the inline stylesheet is 69 KB).
 */
const AXE_RUN_OPTIONS = {
  runOnly: { type: "tag", values: AXE_TAGS },
  rules: AXE_EXPERIMENTAL_RULES,
  resultTypes: ["violations"],
  preload: false,
} satisfies axe.RunOptions;

/**
 * Runs axe on the page as it is now (open menus and dialogs included) and fails on any violation
 * (`soft`: the test goes on and fails at its end, for a test that checks page after page).
 *
 * axe runs in the page itself, evaluated there once per check. @axe-core/playwright, used before,
 * evaluated axe's readable 1.3 MB source twice per check (once to look at the page, once more in
 * each frame before running: none of these pages has a frame) and configured it in a third call:
 * on the 2-core CI machine a page load and check cost 1.25 s of CPU (0.9 s of wall time) that way
 * and 0.9 s (0.6 s) this way, alternated three times in one browser (docs/development.md,
 * "Thirteenth pass"). Its default mode (runPartial in each frame, then finishRun in a blank page it
 * opened for the purpose) cost more still.
 */
export async function expectNoAxeViolations(page: Page, { soft = false }: { soft?: boolean } = {}) {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_RUN_OPTIONS,
  );
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.html.slice(0, 160)}`),
  }));
  (soft ? expect.soft : expect)(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the client has hydrated, so clicks and key presses reach React's handlers.
 * A public page loads its code at the visitor's first interaction: a key press (Shift, which does
 * nothing else) is one. React Router's HydratedRouter publishes its router on window once it
 * renders in the browser.
 */
export async function waitForHydration(page: Page) {
  await page.keyboard.press("Shift");
  await waitUntilHydrated(page);
}

/** Waits until React Router has hydrated the page, without interacting (for a page that hydrates as it loads). */
export async function waitUntilHydrated(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } })
      .__reactRouterDataRouter;
    return router?.state?.initialized === true;
  });
}

/**
 * Waits until an admin list shows what a search, filter, tab or page just chose: the URL carries
 * `query` (null: a parameter that must be gone) and the list (the region named `list`) is no longer
 * busy. Until then it shows the old rows, dimmed, which may already hold what a test looks for.
 */
export async function expectListLoaded(page: Page, list: string, query: Record<string, string | null>) {
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return Object.fromEntries(Object.keys(query).map((name) => [name, params.get(name)]));
    })
    .toEqual(query);
  await expect(page.getByRole("region", { name: list, exact: true })).toHaveAttribute("aria-busy", "false");
}

/** Opens a path and waits for hydration. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Chromium reports a document answered with 404 as a console error; tests that open a missing
 * page on purpose allow exactly that message for exactly that page.
 */
export function allow404For(pathname: string): RegExp {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`status of 404 \\(Not Found\\) @ https?://[^/]+${escaped}(?:[?#].*)?$`);
}

/** Sizes used for the phone and desktop layouts. */
export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
