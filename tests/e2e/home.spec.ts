import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, visit } from "./fixtures";

const HERO_HEADING = "Suspended Ceilings and Office Partitions in Dublin";

/** The sections of the home page, found by their headings or by what they contain. */
function homeSections(page: Page) {
  const main = page.getByRole("main");
  const region = (name: string) => main.getByRole("region", { name, exact: true });
  return {
    main,
    hero: main.getByRole("heading", { level: 1 }),
    services: region("Our Specialist Services in Dublin"),
    process: region("Our 4 Step Process"),
    whyChooseUs: region("Why Choose Us?"),
    healthAndSafety: region("Health & Safety"),
    // The teaser's and testimonials' headings are not fixed by the spec; find them by content.
    galleryTeaser: main.getByRole("region").filter({ has: page.getByRole("link", { name: "View Full Gallery" }) }),
    testimonials: main.getByRole("region").filter({ has: page.getByRole("blockquote") }),
    callToAction: main
      .getByRole("region")
      .filter({ has: page.getByRole("link", { name: "Request Free Consultation" }) }),
  };
}

/** Fails unless the elements appear in this order in the document. */
async function expectInDocumentOrder(page: Page, locators: Locator[]) {
  const handles = await Promise.all(locators.map((l) => l.elementHandle()));
  const inOrder = await page.evaluate(
    (els) =>
      els.every(
        (el, i) => i === 0 || Boolean(els[i - 1]!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
      ),
    handles,
  );
  expect(inOrder, "home page sections are in the order the spec gives").toBe(true);
}

test.describe("home page", () => {
  test("is server-rendered HTML with the hero heading", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${HERO_HEADING}</h1>`));
  });

  test("shows its sections in order with their links and content", async ({ page }) => {
    await visit(page, "/");
    const s = homeSections(page);

    await expect(s.hero).toHaveText(HERO_HEADING);
    for (const section of [
      s.services,
      s.process,
      s.whyChooseUs,
      s.healthAndSafety,
      s.galleryTeaser,
      s.testimonials,
      s.callToAction,
    ]) {
      await expect(section).toHaveCount(1);
    }
    await expectInDocumentOrder(page, [
      s.hero,
      s.services,
      s.process,
      s.whyChooseUs,
      s.healthAndSafety,
      s.galleryTeaser,
      s.testimonials,
      s.callToAction,
    ]);

    // Hero (and the closing call to action) ask for a free consultation on the contact page.
    const consultation = s.main.getByRole("link", { name: "Request Free Consultation" });
    await expect(consultation.first()).toHaveAttribute("href", "/contact-us");
    await expectInDocumentOrder(page, [s.hero, consultation.first(), s.services]);
    for (const link of await consultation.all()) await expect(link).toHaveAttribute("href", "/contact-us");

    // Four service cards, each with a Learn More link to its page.
    await expect(s.services.getByRole("heading", { level: 3 })).toHaveText([
      "Office Partitions",
      "Suspended Ceilings",
      "Shop Ceiling Installation",
      "Commercial Ceiling Repairs",
    ]);
    const learnMore = s.services.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(4);
    const targets = ["/partitions", "/suspended-ceilings", "/shop-ceiling", "/ceiling-repair"];
    for (const [i, href] of targets.entries()) await expect(learnMore.nth(i)).toHaveAttribute("href", href);

    // Four process steps (a screen-reader "Step n:" prefix is allowed before the visible title).
    const steps = ["Get in touch", "Arrange a booking", "Arrive on time", "100% guarantee"];
    await expect(s.process.getByRole("heading", { level: 3 })).toHaveText(
      steps.map((title, i) => new RegExp(`^(Step ${i + 1}: )?${title}$`)),
    );

    const whyLinks = s.whyChooseUs.getByRole("link");
    await expect(whyLinks).not.toHaveCount(0);
    const whyHrefs = await Promise.all((await whyLinks.all()).map((l) => l.getAttribute("href")));
    expect(whyHrefs, "'Why Choose Us?' links to the about page").toContain("/about-us");

    await expect(s.healthAndSafety.getByRole("listitem")).toHaveCount(6);

    // Gallery teaser: 8 thumbnails, each image sized (no layout shift) and described.
    const thumbnails = s.galleryTeaser.getByRole("listitem");
    await expect(thumbnails).toHaveCount(8);
    const images = thumbnails.getByRole("img");
    await expect(images).toHaveCount(8);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
      await expect(img).toHaveAttribute("alt", /\S/);
    }
    await expect(s.galleryTeaser.getByRole("link", { name: "View Full Gallery" })).toHaveAttribute("href", "/gallery");

    await expect(s.testimonials.getByRole("blockquote").first()).toBeVisible();
  });

  // Its accessibility and width at phone and desktop sizes: content-pages.spec.ts, with every public page.
});

test.describe("home gallery teaser dialog", () => {
  test("opens from the keyboard, closes with Escape or Close, and gives focus back", async ({ page }) => {
    await visit(page, "/");
    const teaser = homeSections(page).galleryTeaser;
    const thumbnails = teaser.getByRole("listitem").getByRole("button");
    await expect(thumbnails).toHaveCount(8);

    // Keyboard: Tab moves from a thumbnail to its project's page link, then to the next thumbnail;
    // Enter opens the focused one.
    await thumbnails.first().focus();
    await page.keyboard.press("Tab");
    await expect(teaser.getByRole("listitem").first().getByRole("link")).toBeFocused();
    await page.keyboard.press("Tab");
    const thumb = thumbnails.nth(1);
    await expect(thumb).toBeFocused();
    const alt = await thumb.getByRole("img").getAttribute("alt");
    expect(alt).toMatch(/\S/);

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: alt!, exact: true })).toBeVisible();
    const close = dialog.getByRole("button", { name: "Close" });
    await expect(close).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();

    // The Close button closes it too.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await close.click();
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();
  });
});
