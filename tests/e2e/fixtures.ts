import AxeBuilder from "@axe-core/playwright";
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
 * Runs axe on the page as it is now (open menus and dialogs included) and fails on any violation
 * (`soft`: the test goes on and fails at its end, for a test that checks page after page).
 * Every rule still runs on every element; `resultTypes` only spares axe building a selector and an
 * HTML excerpt for each element that passed (one per rule is kept): the violations come in full. A
 * check of /shop-ceiling-specialists took 18–21 s without it and 16–17 s with it, alternated in one
 * browser on a machine at load 30 (docs/development.md, "Test legs").
 */
export async function expectNoAxeViolations(page: Page, { soft = false }: { soft?: boolean } = {}) {
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself. The default (runPartial in each frame, then finishRun in a blank
    // page it opens for the purpose) starts a page per check: 2.4–3.1 s a check against 1.0 s on an
    // idle machine, the same rules either way. What it adds is cross-origin frames, and no page
    // here has a frame.
    .setLegacyMode()
    .withTags(AXE_TAGS)
    // preload: false: axe otherwise reads every stylesheet into a CSS object model first, for the one
    // rule that uses it (css-orientation-lock), which is experimental and off, so it never runs here.
    // The same 91 rules run either way with the same results; the check of six public pages took
    // 1.5–1.85 s against 1.9–2.25 s (the inline stylesheet is 69 KB).
    .options({ rules: AXE_EXPERIMENTAL_RULES, resultTypes: ["violations"], preload: false })
    .analyze();
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
