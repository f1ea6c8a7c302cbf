import { DESKTOP, expect, expectNoAxeViolations, PHONE, test, visit } from "./fixtures";

/** Every public content page and its main heading. */
const PAGES: ReadonlyArray<{ path: string; heading: string }> = [
  { path: "/partitions", heading: "Office Partitions in Dublin" },
  { path: "/suspended-ceilings", heading: "Suspended Ceilings in Dublin" },
  { path: "/shop-ceiling", heading: "Shop Ceiling Installation in Dublin" },
  { path: "/shop-ceiling-specialists", heading: "Shop Ceiling Specialists in Dublin" },
  { path: "/ceiling-repair", heading: "Commercial Ceiling Repairs in Dublin" },
  { path: "/gallery", heading: "Project Gallery" },
  { path: "/about-us", heading: "About IC Interiors" },
  { path: "/sitemap-display.html", heading: "Sitemap" },
  { path: "/blog", heading: "Blog" },
  { path: "/blog/shop-ceiling-trends", heading: "Shop Ceiling Trends for Irish Retailers" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  // Project pages (issue 39), from the demo content: a project with before/after pairs, and the
  // county page its three Dublin projects make.
  { path: "/projects", heading: "Our projects" },
  { path: "/projects/boutique-shop-ceiling-grafton-street", heading: "Boutique shop ceiling off Grafton Street" },
  { path: "/areas/dublin", heading: "Our projects in Dublin" },
];

test.describe("content pages", () => {
  // Each page's main heading is checked here too (it was a test of its own per page as well, which
  // opened every page a third time to check the same heading). One test a width walks every page in
  // one tab: a test per page opened a tab per page, which cost the browser about 1.3 s of CPU each
  // (measured: 120 s of CPU for the 30 tests, 80 s for the two walks). Every check is soft, so a
  // failing page is reported by its path and the walk goes on to the next.
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`every content page shows its main heading, fits the screen and has no accessibility violations at ${label} width`, async ({
      page,
    }) => {
      // 15 pages, each with an axe check of about a second (several on a loaded machine).
      test.slow();
      await page.setViewportSize(viewport);
      for (const { path, heading } of [{ path: "/", heading: "" }, ...PAGES]) {
        await visit(page, path);
        if (heading) {
          await expect.soft(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
          await expect.soft(page.getByRole("main").getByRole("heading", { level: 1 }), path).toHaveCount(1);
        }
        // Nothing wider than the screen.
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path)
          .toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, { soft: true });
      }
    });
  }
});

test.describe("service pages", () => {
  const services = [
    { path: "/partitions", service: "Partitions" },
    { path: "/suspended-ceilings", service: "Suspended Ceilings" },
    { path: "/shop-ceiling", service: "Shop Ceiling Installation" },
    { path: "/shop-ceiling-specialists", service: "Shop Ceiling Installation" },
    { path: "/ceiling-repair", service: "Ceiling Repairs" },
  ];
  for (const { path, service } of services) {
    test(`${path} ends with a call to action that preselects ${service}`, async ({ page }) => {
      await visit(page, path);
      const href = `/contact-us?service=${encodeURIComponent(service)}`;
      const quoteLinks = page.getByRole("main").locator(`a[href="${href}"]`);
      expect(await quoteLinks.count()).toBeGreaterThanOrEqual(2);
      await expect(quoteLinks.last()).toBeVisible();
    });
  }

  test("the shop ceiling page links to the specialists, the trends article and the contact page", async ({ page }) => {
    await visit(page, "/shop-ceiling");
    const main = page.getByRole("main");
    for (const href of ["/shop-ceiling-specialists", "/blog/shop-ceiling-trends"]) {
      await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: "Ceilings for Hair Salons and Beauty Businesses" })).toBeVisible();
  });

  test("the specialists page has the process, projects, testimonials and an FAQ that opens", async ({ page }) => {
    await visit(page, "/shop-ceiling-specialists");
    const main = page.getByRole("main");
    await expect(
      main.getByRole("region", { name: "Our 4-Step Shop Ceiling Process" }).getByRole("heading", { level: 3 }),
    ).toHaveText([
      "Step 1: Consultation",
      "Step 2: Design and quote",
      "Step 3: Installation",
      "Step 4: Completion and support",
    ]);
    await expect(
      main.getByRole("region", { name: "Recent Shop and Salon Projects" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(main.getByRole("region", { name: "What Retailers Say" }).getByRole("blockquote")).toHaveCount(3);

    const faq = main.getByRole("region", { name: "Shop Ceiling FAQs" });
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(7);
    const answer = faq.getByText(/^Yes\. We regularly work evenings, overnight and at weekends/);
    await expect(answer).toBeHidden();
    await questions.nth(1).click();
    await expect(answer).toBeVisible();

    // The quote request appears in the hero and in the closing block.
    await expect(main.getByRole("heading", { name: "Request a Free Shop Ceiling Quote" })).toHaveCount(2);
  });

  test("the repair page has the four-step process and an urgent call button", async ({ page }) => {
    await visit(page, "/ceiling-repair");
    const main = page.getByRole("main");
    await expect(
      main.getByRole("region", { name: "Our 4-Step Repair Process" }).getByRole("heading", { level: 3 }),
    ).toHaveText([
      "Step 1: Assessment and diagnosis",
      "Step 2: Tailored solution",
      "Step 3: Professional execution",
      "Step 4: Quality assurance",
    ]);
    const urgent = main.getByRole("region", { name: "Urgent Ceiling Repair?" });
    await expect(urgent.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+\d{7,}$/);
  });

  test("the about page lists the three values and six reasons", async ({ page }) => {
    await visit(page, "/about-us");
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Our Values" }).getByRole("heading", { level: 3 })).toHaveText([
      "Quality",
      "Customer Service",
      "Efficiency",
    ]);
    await expect(main.getByRole("region", { name: "Why Choose IC Interiors" }).getByRole("listitem")).toHaveCount(6);
  });

  test("the sitemap page states the page counts and links to the XML sitemap", async ({ page }) => {
    await visit(page, "/sitemap-display.html");
    const main = page.getByRole("main");
    await expect(main.getByText("June 1, 2025")).toBeVisible();
    await expect(main.getByRole("link", { name: "View XML Sitemap" })).toHaveAttribute("href", "/sitemap.xml");
    await expect(main.getByText(/login, dashboard, pages, projects, testimonials, FAQs and contacts/)).toBeVisible();
    await expect(main.locator('a[href^="/admin"]')).toHaveCount(0);
  });
});
