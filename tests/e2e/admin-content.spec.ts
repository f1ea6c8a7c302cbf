import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectListLoaded, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff manage pages, projects, testimonials and FAQs (spec section 2, shared admin list pattern).
// One fresh site (seeded with the demo content) whose first visitor registered as the admin; each
// test adds, changes and removes its own rows.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "siobhan", password: "Suspended-Grid-42" };

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Signs in through the API (the browser context keeps the cookie) and opens an admin page. */
async function openAdmin(page: Page, path: string) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: USER });
  expect(res.status()).toBe(200);
  await page.goto(`${server.origin}${path}`);
  await waitForHydration(page);
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });
const field = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

/** Set ADMIN_SCREENSHOTS=<folder> to keep a picture of each admin screen at both sizes. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Accepts the next browser confirmation after checking its wording. */
function confirmNext(page: Page, message: string, accept = true) {
  page.once("dialog", async (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe(message);
    await (accept ? dialog.accept() : dialog.dismiss());
  });
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

test.describe("pages", () => {
  // The duplicate slug is answered 409, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\) @ https?:\/\/[^/]+\/api\/admin\/pages$/] });

  test("pages: validation, create, search, edit, duplicate slug, delete — and the page is published at its slug", async ({
    page,
  }) => {
    // A long journey (about 30 s alone): on a busy 2-core runner it needs more than the default minute.
    test.slow();
    await openAdmin(page, "/admin/pages");
    await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
    const table = page.getByRole("table", { name: "Pages" });
    await expect(table.getByRole("row", { name: /About Us/ })).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Title", "Slug", "Description", "Actions"]);
    await expectNoAxeViolations(page);
    await screenshot(page, "pages-1280");

    // The form checks with the shared schema before anything is sent.
    await page.getByRole("button", { name: "Add Page" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Page" });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, "Title")).toBeFocused();
    await field(dialog, "Slug").fill("Bad Slug");
    await field(dialog, "Content").fill("short");
    await dialog.getByRole("button", { name: "Create Page" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Slug can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
    await expect(dialog.getByText("Content must be at least 10 characters")).toBeVisible();
    await expect(field(dialog, "Title")).toBeFocused();
    await expect(field(dialog, "Title")).toHaveAttribute("aria-invalid", "true");
    await field(dialog, "Slug").fill("ab");
    await dialog.getByRole("button", { name: "Create Page" }).click();
    await expect(dialog.getByText("Slug must be at least 3 characters")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "pages-1280-form-errors");

    // Escape closes the form and resets it; focus returns to the Add button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Add Page" })).toBeFocused();
    await page.getByRole("button", { name: "Add Page" }).click();
    await expect(field(dialog, "Slug")).toHaveValue("");
    await expect(dialog.getByText("Title is required")).toBeHidden();

    // Create: the submit button is disabled while saving.
    await field(dialog, "Title").fill("Office moves");
    await field(dialog, "Slug").fill("office-moves");
    await field(dialog, "Description").fill("Moving office? We move your partitions too.");
    await field(dialog, "Content").fill(
      "Demountable partitions can move with you.\n\nWe take them down, store them and rebuild them.",
    );
    await field(dialog, "Meta title").fill("Office Moves and Partition Relocation | IC Interiors");
    await screenshot(page, "pages-1280-form");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/admin/pages", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Create Page" }).click();
    await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expectToast(page, "Page created", "The page has been created successfully");
    await expect(dialog).toBeHidden();
    await page.unroute("**/api/admin/pages");
    const row = table.getByRole("row", { name: /Office moves/ });
    await expect(row).toContainText("office-moves");
    await expect(row).toContainText("Moving office? We move your partitions too.");

    // Search: title or slug.
    const search = page.getByRole("searchbox", { name: "Search pages" });
    await search.fill("OFFICE-MO");
    await expectListLoaded(page, "Pages", { q: "OFFICE-MO" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await search.fill("Shop Ceiling Spec");
    await expectListLoaded(page, "Pages", { q: "Shop Ceiling Spec" });
    await expect(table.getByRole("row", { name: /Shop Ceiling Specialists/ })).toBeVisible();
    await search.fill("no page is called this");
    await expect(page.getByText("No pages found matching your search.")).toBeVisible();
    await search.fill("office");
    // Before leaving the list: its search must not land after the click on Edit.
    await expectListLoaded(page, "Pages", { q: "office" });

    // The public site has it at once.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.origin}/office-moves`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Office moves" })).toBeVisible();
    await expect(visitor).toHaveTitle("Office Moves and Partition Relocation | IC Interiors");
    await expect(visitor.getByText("We take them down, store them and rebuild them.")).toBeVisible();

    // Edit: the page's editor opens prefilled; a save is a draft until it is published.
    await table.getByRole("link", { name: "Edit Office moves" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Office moves" })).toBeVisible();
    await expect(field(page, "Slug")).toHaveValue("office-moves");
    await field(page, "Title").fill("Office moves and relocations");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expectToast(page, "Page updated", "The page has been updated successfully");
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: "Office moves" })).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Page published", "The changes are now on the public site.");
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: "Office moves and relocations" })).toBeVisible();
    await page.getByRole("link", { name: "← All pages" }).click();
    await expect(table.getByRole("row", { name: /Office moves and relocations/ })).toBeVisible();

    // A slug another page has: the server says 409; the toast and the field say why.
    await page.getByRole("button", { name: "Add Page" }).click();
    await field(dialog, "Title").fill("Duplicate");
    await field(dialog, "Slug").fill("office-moves");
    await field(dialog, "Content").fill("Another page with the same slug.");
    await dialog.getByRole("button", { name: "Create Page" }).click();
    await expect(toast(page).getByRole("alert")).toContainText("Failed to create page");
    await expect(toast(page).getByRole("alert")).toContainText("A page with this slug already exists");
    // Words for staff, not an HTTP status code.
    await expect(toast(page).getByRole("alert")).not.toContainText("409");
    await expect(dialog.getByText("A page with this slug already exists")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Delete asks first; dismissing keeps the page.
    confirmNext(page, "Are you sure you want to delete this page?", false);
    await page.getByRole("button", { name: "Delete Office moves and relocations" }).click();
    await expect(table.getByRole("row", { name: /Office moves and relocations/ })).toBeVisible();
    confirmNext(page, "Are you sure you want to delete this page?");
    await page.getByRole("button", { name: "Delete Office moves and relocations" }).click();
    await expectToast(page, "Page deleted", "The page has been deleted successfully");
    await expect(table.getByRole("row", { name: /Office moves/ })).toHaveCount(0);
    const gone = await visitor.goto(`${server.origin}/office-moves`);
    expect(gone?.status()).toBe(404);
    await visitor.close();
  });
});

test.describe("projects", () => {
  // The text file refused as an image.
  test.use({
    allowedConsoleErrors: [/status of 415 \(Unsupported Media Type\) @ https?:\/\/[^/]+\/api\/admin\/uploads$/],
  });

  /** A small generated photo of one colour (no third-party images). */
  const photoOf = (background: { r: number; g: number; b: number }, format: "jpeg" | "png" = "jpeg") => {
    const image = sharp({ create: { width: 1400, height: 1050, channels: 3, background } });
    return (format === "png" ? image.png() : image.jpeg()).withExif({ IFD0: { Make: "ACME Cameras" } }).toBuffer();
  };

  test("projects: filter, search, upload photos, create, publish, edit, delete — the gallery and the project's page serve the upload with srcset", async ({
    page,
  }) => {
    test.slow();
    await openAdmin(page, "/admin/projects");
    const table = page.getByRole("table", { name: "Projects" });
    await expect(table.getByRole("columnheader")).toHaveText(["Title", "Category", "Featured", "Order", "Actions"]);
    await expect(table.getByRole("row", { name: /Boutique shop ceiling off Grafton Street/ })).toBeVisible();
    await expect(
      table.getByRole("row", { name: /Boutique shop ceiling/ }).getByRole("img", { name: /^(Featured|Not featured)$/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "projects-1280");

    // Category filter (asks the API with ?category=), with All categories.
    const filter = page.getByRole("combobox", { name: "Category" });
    await expect(filter.getByRole("option")).toHaveText([
      "All categories",
      "Shop Ceilings",
      "Suspended Ceilings",
      "Partitions",
      "Repairs",
      "Commercial",
      "Hair Salon",
    ]);
    await filter.selectOption({ label: "Hair Salon" });
    await expectListLoaded(page, "Projects", { category: await filter.inputValue() });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText("Hair Salon");
    await filter.selectOption({ label: "All categories" });
    await expectListLoaded(page, "Projects", { category: null });
    await expect(table.getByRole("row", { name: /Grafton Street/ })).toBeVisible();

    // Search matches the description too.
    const search = page.getByRole("searchbox", { name: "Search projects" });
    await search.fill("fashion boutique");
    await expectListLoaded(page, "Projects", { q: "fashion boutique" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText("Boutique shop ceiling off Grafton Street");
    await search.fill("no project mentions this");
    await expect(page.getByText("No projects found matching your search.")).toBeVisible();
    await search.fill("");
    await expectListLoaded(page, "Projects", { q: null });

    // Validation: no photo yet.
    await page.getByRole("button", { name: "Add Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Project" });
    const photoList = dialog.getByRole("list", { name: "Photos in page order" });
    await field(dialog, "Title").fill("ab");
    await field(dialog, "Description").fill("short");
    await field(dialog, "Display order").fill("2.5");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    for (const message of [
      "Title must be at least 3 characters",
      "Description must be at least 10 characters",
      "Add at least one photo",
      "Display order must be a whole number",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // Upload a photo: progress, then it is the first photo in the list, waiting for its alt text.
    await dialog.getByLabel("choose a file to upload").setInputFiles({
      name: "salon-dundrum.jpg",
      mimeType: "image/jpeg",
      buffer: await photoOf({ r: 180, g: 140, b: 90 }),
    });
    await expect(
      dialog.getByText("Uploaded salon-dundrum.jpg. It is now the last photo above: write its alt text."),
    ).toBeVisible({ timeout: 15_000 });
    await expect(photoList.getByRole("listitem")).toHaveCount(1);
    const firstThumb = photoList.getByRole("listitem").first().locator("img");
    await expect(firstThumb).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-400\.jpg$/);
    const uploadId = /\/uploads\/([a-f0-9]{32})-/.exec((await firstThumb.getAttribute("src"))!)![1];
    // The photos' message went with the upload; the others stay until their field is edited.
    await expect(dialog.getByText("Add at least one photo")).toBeHidden();
    await expect(dialog.getByText("Title must be at least 3 characters")).toBeVisible();

    // A file that is not an image is refused, whatever its name, and adds no photo.
    await dialog
      .getByLabel("choose a file to upload")
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text") });
    await expect(dialog.getByText("Only JPEG, PNG, WebP and AVIF images can be uploaded.")).toBeVisible();
    await expect(photoList.getByRole("listitem")).toHaveCount(1);

    await field(dialog, "Title").fill("Salon ceiling in Dundrum");
    await expect(dialog.getByText("Title must be at least 3 characters")).toBeHidden();
    await field(dialog, "Description").fill("A new plasterboard ceiling with downlights for a Dundrum salon.");
    await field(dialog, "Alt text for photo 1").fill("Salon with a smooth white ceiling and downlights");
    await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: "Hair Salon" });
    await field(dialog, "Display order").fill("not a number");
    await dialog.getByRole("checkbox", { name: /Featured/ }).check();
    await dialog.getByRole("checkbox", { name: "The client agreed to show this project" }).check();
    await screenshot(page, "projects-1280-form");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expectToast(page, "Project created", "The project has been created successfully");
    const row = table.getByRole("row", { name: /Salon ceiling in Dundrum/ });
    await expect(row).toContainText("Hair Salon");
    await expect(row.getByRole("img", { name: "Featured", exact: true })).toBeVisible();
    await expect(row.getByRole("cell").nth(3)).toHaveText("0");
    await expect(row.locator("img").first()).toHaveAttribute("src", `/uploads/${uploadId}-400.jpg`);

    // A draft until published: then its page is on the site.
    await row.getByRole("button", { name: "Publish Salon ceiling in Dundrum" }).click();
    await expectToast(page, "Project published", "The project's page is on the site");
    await expect(row.getByRole("link", { name: "Published" })).toHaveAttribute(
      "href",
      "/projects/salon-ceiling-in-dundrum",
    );

    // The gallery shows it as a <picture> with AVIF, WebP and JPEG at each width.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.origin}/gallery`);
    const image = visitor.getByRole("img", { name: "Salon with a smooth white ceiling and downlights" });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute(
      "srcset",
      [400, 720, 800, 1200].map((w) => `/uploads/${uploadId}-${w}.jpg ${w}w`).join(", "),
    );
    const picture = image.locator("xpath=..");
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      new RegExp(`/uploads/${uploadId}-400\\.avif 400w`),
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      "srcset",
      new RegExp(`/uploads/${uploadId}-1200\\.webp 1200w`),
    );
    // The browser picked a variant it could load (AVIF in Chromium).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
      .toMatch(/\.avif$/);
    // The gallery leads to the project pages, and this one has its own.
    await visitor.getByRole("link", { name: "Read about each project: the brief, the work and the photos" }).click();
    await expect(visitor).toHaveURL(`${server.origin}/projects`);
    await visitor.goto(`${server.origin}/projects/salon-ceiling-in-dundrum`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Salon ceiling in Dundrum" })).toBeVisible();
    await expect(
      visitor.getByRole("img", { name: "Salon with a smooth white ceiling and downlights" }),
    ).toHaveAttribute("srcset", new RegExp(`/uploads/${uploadId}-400\\.jpg 400w`));
    await visitor.close();

    // Edit: a second photo (a PNG) moved first and the first removed; the removed upload goes with
    // its variants.
    await page.getByRole("button", { name: "Edit Salon ceiling in Dundrum" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    const editList = edit.getByRole("list", { name: "Photos in page order" });
    await expect(field(edit, "Alt text for photo 1")).toHaveValue("Salon with a smooth white ceiling and downlights");
    await expect(edit.getByRole("checkbox", { name: /Featured/ })).toBeChecked();
    await edit.getByLabel("choose a file to upload").setInputFiles({
      name: "salon-after.png",
      mimeType: "image/png",
      buffer: await photoOf({ r: 60, g: 90, b: 140 }, "png"),
    });
    await expect(editList.getByRole("listitem")).toHaveCount(2, { timeout: 15_000 });
    await field(edit, "Alt text for photo 2").fill("Salon ceiling finished in white");
    await edit.getByRole("button", { name: "Move up photo 2" }).click();
    await expect(field(edit, "Alt text for photo 1")).toHaveValue("Salon ceiling finished in white");
    await edit.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(editList.getByRole("listitem")).toHaveCount(1);
    await field(edit, "Display order").fill("40");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Project updated", "The project has been updated successfully");
    await expect(row.getByRole("cell").nth(3)).toHaveText("40");
    await expect(row.locator("img").first()).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-400\.jpg$/);
    await expect(row.locator("img").first()).not.toHaveAttribute("src", `/uploads/${uploadId}-400.jpg`);
    expect((await page.request.get(`${server.origin}/uploads/${uploadId}-400.jpg`)).status()).toBe(404);

    confirmNext(page, "Are you sure you want to delete this project?");
    await page.getByRole("button", { name: "Delete Salon ceiling in Dundrum" }).click();
    await expectToast(page, "Project deleted", "The project has been deleted successfully");
    await expect(table.getByRole("row", { name: /Salon ceiling in Dundrum/ })).toHaveCount(0);
    expect((await page.request.get(`${server.origin}/projects/salon-ceiling-in-dundrum`)).status()).toBe(404);
  });

  test("projects: three photos put in order and published — the project's page shows them in that order", async ({
    page,
  }) => {
    test.slow();
    await openAdmin(page, "/admin/projects");
    await page.getByRole("button", { name: "Add Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Project" });
    const photoList = dialog.getByRole("list", { name: "Photos in page order" });
    await field(dialog, "Title").fill("Office partitions in Sandyford");
    await field(dialog, "Description").fill("Glazed partitions and two meeting rooms for a Sandyford office.");

    const photos = [
      { name: "reception.jpg", alt: "Reception with a glazed partition", colour: { r: 200, g: 60, b: 60 } },
      { name: "meeting-room.jpg", alt: "Meeting room behind frosted glass", colour: { r: 60, g: 160, b: 60 } },
      { name: "corridor.jpg", alt: "Corridor lined with new partitions", colour: { r: 60, g: 60, b: 200 } },
    ];
    for (const [i, p] of photos.entries()) {
      await dialog
        .getByLabel("choose a file to upload")
        .setInputFiles({ name: p.name, mimeType: "image/jpeg", buffer: await photoOf(p.colour) });
      await expect(photoList.getByRole("listitem")).toHaveCount(i + 1, { timeout: 15_000 });
      await field(dialog, `Alt text for photo ${i + 1}`).fill(p.alt);
    }
    // Corridor first, then reception, then the meeting room: the corridor up twice, the meeting
    // room (now second) down once.
    await dialog.getByRole("button", { name: "Move up photo 3" }).click();
    await dialog.getByRole("button", { name: "Move up photo 2" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Photo moved to position 1." })).toBeAttached();
    await dialog.getByRole("button", { name: "Move down photo 2" }).click();
    const order = [photos[2]!.alt, photos[1]!.alt, photos[0]!.alt];
    for (const [i, alt] of order.entries()) await expect(field(dialog, `Alt text for photo ${i + 1}`)).toHaveValue(alt);
    await expect(dialog.getByRole("button", { name: "Move up photo 1" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Move down photo 3" })).toBeDisabled();

    await dialog.getByRole("checkbox", { name: "The client agreed to show this project" }).check();
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expectToast(page, "Project created", "The project has been created successfully");
    const row = page
      .getByRole("table", { name: "Projects" })
      .getByRole("row", { name: /Office partitions in Sandyford/ });
    // Not on the site while a draft.
    expect((await page.request.get(`${server.origin}/projects/office-partitions-in-sandyford`)).status()).toBe(404);
    await row.getByRole("button", { name: "Publish Office partitions in Sandyford" }).click();
    await expectToast(page, "Project published", "The project's page is on the site");

    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.origin}/projects/office-partitions-in-sandyford`);
    const article = visitor.getByRole("article");
    await expect(article.getByRole("heading", { level: 1, name: "Office partitions in Sandyford" })).toBeVisible();
    await expect(article.getByRole("img")).toHaveCount(3);
    expect(await article.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(
      order,
    );
    await visitor.close();

    confirmNext(page, "Are you sure you want to delete this project?");
    await page.getByRole("button", { name: "Delete Office partitions in Sandyford" }).click();
    await expectToast(page, "Project deleted", "The project has been deleted successfully");
  });
});

test("testimonials: validation, create, search by company, edit, delete", async ({ page }) => {
  await openAdmin(page, "/admin/testimonials");
  const table = page.getByRole("table", { name: "Testimonials" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Name",
    "Date",
    "Rating",
    "Status",
    "Testimonial",
    "Actions",
  ]);
  await expectNoAxeViolations(page);
  await screenshot(page, "testimonials-1280");

  await page.getByRole("button", { name: "Add Testimonial" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
  for (const label of ["Name", "Job title", "Company", "Location", "Testimonial", "Display order"])
    await expect(field(dialog, label)).toBeVisible();
  await field(dialog, "Name").fill("N");
  await field(dialog, "Testimonial").fill("Great");
  await dialog.getByRole("spinbutton", { name: "Rating (stars)" }).fill("6");
  await dialog.getByRole("button", { name: "Create Testimonial" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Testimonial content must be at least 10 characters")).toBeVisible();
  await expect(dialog.getByText("Maximum rating is 5 stars")).toBeVisible();
  await dialog.getByRole("spinbutton", { name: "Rating (stars)" }).fill("0");
  await dialog.getByRole("button", { name: "Create Testimonial" }).click();
  await expect(dialog.getByText("Minimum rating is 1 star")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "testimonials-1280-form-errors");

  await field(dialog, "Name").fill("Orla Byrne");
  await field(dialog, "Job title").fill("Owner");
  await field(dialog, "Company").fill("Byrne Pharmacy Swords");
  await field(dialog, "Location").fill("Swords");
  await field(dialog, "Testimonial").fill("The new ceiling went in overnight and we opened as usual the next morning.");
  await dialog.getByRole("spinbutton", { name: "Rating (stars)" }).fill("4");
  await dialog.getByRole("button", { name: "Create Testimonial" }).click();
  await expectToast(page, "Testimonial created", "The testimonial has been created successfully");
  const row = table.getByRole("row", { name: /Orla Byrne/ });
  await expect(row.getByRole("cell").first()).toHaveText("Orla ByrneByrne Pharmacy Swords");
  await expect(row.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  const today = new Intl.DateTimeFormat("en-IE", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Dublin",
  }).format(new Date());
  await expect(row.getByRole("cell").nth(1)).toHaveText(today);

  // Search covers name, content and company.
  const search = page.getByRole("searchbox", { name: "Search testimonials" });
  await search.fill("pharmacy swords");
  await expectListLoaded(page, "Testimonials", { q: "pharmacy swords" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await search.fill("opened as usual");
  await expectListLoaded(page, "Testimonials", { q: "opened as usual" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await search.fill("");
  await expectListLoaded(page, "Testimonials", { q: null });

  await page.getByRole("button", { name: "Edit Orla Byrne" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
  await expect(field(edit, "Company")).toHaveValue("Byrne Pharmacy Swords");
  await edit.getByRole("spinbutton", { name: "Rating (stars)" }).fill("5");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Testimonial updated", "The testimonial has been updated successfully");
  await expect(row.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();

  confirmNext(page, "Are you sure you want to delete this testimonial?");
  await page.getByRole("button", { name: "Delete Orla Byrne" }).click();
  await expectToast(page, "Testimonial deleted", "The testimonial has been deleted successfully");
  await expect(table.getByRole("row", { name: /Orla Byrne/ })).toHaveCount(0);
});

test("FAQs: filter, validation, create, edit, delete — the specialists page follows", async ({ page }) => {
  await openAdmin(page, "/admin/faqs");
  const table = page.getByRole("table", { name: "FAQs" });
  await expect(table.getByRole("columnheader")).toHaveText(["Question", "Category", "Answer", "Actions"]);
  await expectNoAxeViolations(page);
  await screenshot(page, "faqs-1280");

  const filter = page.getByRole("combobox", { name: "Category" });
  await expect(filter.getByRole("option")).toHaveText([
    "All categories",
    "General",
    "Services",
    "Ceilings",
    "Shop Ceilings",
    "Partitions",
    "Hair Salon",
    "Repairs",
  ]);
  await filter.selectOption({ label: "Shop Ceilings" });
  await expectListLoaded(page, "FAQs", { category: await filter.inputValue() });
  await expect(table.getByRole("row").nth(1)).toContainText("Shop Ceilings");
  for (const text of await table.getByRole("row").locator("td:nth-child(2)").allInnerTexts())
    expect(text).toBe("Shop Ceilings");

  await page.getByRole("button", { name: "Add FAQ" }).click();
  const dialog = page.getByRole("dialog", { name: "Add FAQ" });
  await field(dialog, "Question").fill("Why");
  await field(dialog, "Answer").fill("Because");
  await dialog.getByRole("button", { name: "Create FAQ" }).click();
  await expect(dialog.getByText("Question must be at least 5 characters")).toBeVisible();
  await expect(dialog.getByText("Answer must be at least 10 characters")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "faqs-1280-form-errors");

  await field(dialog, "Question").fill("Can you fit a ceiling while the shop stays open?");
  await field(dialog, "Answer").fill("Yes: we work at night and hand the floor back each morning.");
  await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: "Shop Ceilings" });
  await dialog.getByRole("button", { name: "Create FAQ" }).click();
  await expectToast(page, "FAQ created", "The FAQ has been created successfully");
  await expect(table.getByRole("row", { name: /while the shop stays open/ })).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${server.origin}/shop-ceiling-specialists`);
  await expect(visitor.getByText("Can you fit a ceiling while the shop stays open?")).toBeVisible();

  await page.getByRole("button", { name: "Edit Can you fit a ceiling while the shop stays open?" }).click();
  const edit = page.getByRole("dialog", { name: "Edit FAQ" });
  await edit.getByRole("combobox", { name: "Category" }).selectOption({ label: "General" });
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "FAQ updated", "The FAQ has been updated successfully");
  // Refetched with the filter still on: it has left Shop Ceilings.
  await expect(table.getByRole("row", { name: /while the shop stays open/ })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText("Can you fit a ceiling while the shop stays open?")).toHaveCount(0);
  await visitor.close();

  await filter.selectOption({ label: "General" });
  await expectListLoaded(page, "FAQs", { category: await filter.inputValue() });
  confirmNext(page, "Are you sure you want to delete this FAQ?");
  await page.getByRole("button", { name: "Delete Can you fit a ceiling while the shop stays open?" }).click();
  await expectToast(page, "FAQ deleted", "The FAQ has been deleted successfully");
  await expect(table.getByRole("row", { name: /while the shop stays open/ })).toHaveCount(0);
});

// (A list whose loader fails shows its own error state: list-load-error.integration.test.ts.)
test("a spinner while another filter loads, and a prompt to create the first one", async ({ page }) => {
  await openAdmin(page, "/admin/faqs");
  const table = page.getByRole("table", { name: "FAQs" });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/admin/faqs.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Repairs" });
  await expect(page.getByText("Loading FAQs…")).toBeVisible();
  await expect(page.getByRole("region", { name: "FAQs" })).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByText("Loading FAQs…")).toBeHidden();
  await expect(page).toHaveURL(/category=repairs/);
  await expect(table.getByRole("row").nth(1)).toContainText("Repairs");
  await page.unroute("**/admin/faqs.data*");

  // A site with no FAQs yet.
  const empty = await startIsolatedServerWithAdmin(USER, { SEED_DEMO_CONTENT: "false" });
  try {
    expect((await page.request.post(`${empty.origin}/api/auth/login`, { data: USER })).status()).toBe(200);
    await page.goto(`${empty.origin}/admin/faqs`);
    await waitForHydration(page);
    await expect(page.getByText("There are no FAQs yet.")).toBeVisible();
    await page.getByRole("button", { name: "Create your first FAQ" }).click();
    await expect(page.getByRole("dialog", { name: "Add FAQ" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Add FAQ" })).toBeHidden();
  } finally {
    await empty.stop();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  // Every row on Pages is one of the site's own pages, whose Edit opens the full page editor
  // (tested at phone width in admin-page-editing.spec.ts); the other lists edit in a dialog.
  for (const [path, name, one] of [
    ["/admin/pages", "Pages", null],
    ["/admin/projects", "Projects", "Project"],
    ["/admin/testimonials", "Testimonials", "Testimonial"],
    ["/admin/faqs", "FAQs", "FAQ"],
  ] as const) {
    test(`${name}: cards instead of a table, a full-width form, no horizontal scrolling, no axe violations`, async ({
      page,
    }) => {
      await openAdmin(page, path);
      await expect(page.getByRole("table")).toBeHidden();
      const cards = page.getByRole("list", { name });
      await expect(cards.getByRole("listitem").first()).toBeVisible();
      const edit = cards
        .getByRole("listitem")
        .first()
        .getByRole(one ? "button" : "link", { name: /^Edit / });
      await expect(edit).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page);
      await screenshot(page, `${name.toLowerCase()}-375`);

      await edit.click();
      if (!one) {
        await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
        await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        return;
      }
      const dialog = page.getByRole("dialog", { name: `Edit ${one}` });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeGreaterThan(PHONE.width - 20);
      await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeInViewport();
      await expectNoAxeViolations(page);
      await screenshot(page, `${name.toLowerCase()}-375-form`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    });
  }
});
