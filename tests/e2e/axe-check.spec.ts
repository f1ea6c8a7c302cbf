import { expect, expectNoAxeViolations, test } from "./fixtures";

// The check every accessibility test relies on: it must fail on a page that breaks the rules, and
// name them. (A page of its own, not the site's: the site has no violation to find.)
test("the axe check fails on a missing text alternative and an empty link, naming both", async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><a href="/contact"></a></main></body></html>',
  );
  const failure = await expectNoAxeViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("link-name");
});
