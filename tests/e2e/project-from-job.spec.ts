import type { Page } from "@playwright/test";
import type pg from "pg";
import sharp from "sharp";
import { testimonials } from "../../app/db/schema";
import { insertTestJob, type TestJob } from "../support/jobs-fixture";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";
import { serverDatabase } from "./server-database";

// Staff publish a project from a finished job (issue 39): on the completed job's card, "Publish as
// a project"; the page's facts and a scope of 150–300 words; three of the job's photos chosen, put
// in order by dragging and with the keyboard's Move buttons, each with alt text; the client's
// consent; the draft saved and published. The public page then shows the photos in that order (the
// before/after pair side by side), the breadcrumb Home › Projects › title and the client's review;
// the job card links to it instead of offering a second one.
test.describe.configure({ mode: "serial" });

const OWNER = { username: "project-owner", password: "Owner-Publishes-Grid-Work-7" };
const TITLE = "Clinic ceiling and partitions in Sandyford";
const ALT = {
  before: "The clinic's waiting room before the works, with stained ceiling tiles",
  during: "The new grid going up over the waiting room",
  after: "The finished waiting room with a new suspended ceiling and LED panels",
};
// 187 words: within the 150–300 the scope needs.
const SCOPE = Array.from({ length: 17 }, (_, i) => `Day ${i + 1} of the clinic works went to plan on site.`).join(" ");
const REVIEW = "The crew worked around our patients and left the clinic spotless every evening.";

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
let pool: pg.Pool;
let job: TestJob;

test.beforeAll(async ({ request }) => {
  server = await startIsolatedServerWithAdmin(OWNER);
  const database = serverDatabase(server);
  pool = database.pool;
  job = await insertTestJob(database.db, { status: "in-progress", title: "Dental clinic ceiling" });
  // The job's photos as the crew take them on its card (stored as JPEG for the crew), then the job
  // is complete.
  expect((await request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  for (const [stage, colour] of [
    ["before", "#8a7f70"],
    ["during", "#9aa5b1"],
    ["after", "#e8eef4"],
  ] as const) {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const taken = await request.post(`${server.origin}/api/admin/jobs/${job.job.id}/photos?stage=${stage}`, {
      headers: { "content-type": "image/jpeg" },
      data: jpeg,
    });
    expect(taken.status()).toBe(201);
  }
  await pool.query("update jobs set status = 'complete' where id = $1", [job.job.id]);
  // The client's review of the job, already published by staff: the project's page shows it.
  await database.db.insert(testimonials).values({
    name: "Verified client",
    location: "Sandyford, Dublin 18",
    content: REVIEW,
    stars: 5,
    status: "published",
    verified: true,
    jobId: job.job.id,
  });
});
test.afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

/** The alt texts of the chosen photos, in the list's order. */
const chosenOrder = (page: Page) =>
  page
    .getByRole("list", { name: "Photos in page order" })
    .getByRole("listitem")
    .getByRole("textbox")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test("staff publish a completed job as a project, and its page shows the photos in their order", async ({ page }) => {
  // A long journey over three screens, with axe on two of them.
  test.slow();
  expect((await page.request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  await page.goto(`${server.origin}/admin/jobs/${job.job.id}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Publish as a project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Publish as a project" })).toBeVisible();

  await page.getByLabel("Title").fill(TITLE);
  await page.getByLabel("Area").fill("Sandyford, Dublin 18");
  await page.getByLabel("Sector").fill("Healthcare");
  await page.getByRole("checkbox", { name: "Suspended Ceilings" }).check();
  await page.getByRole("checkbox", { name: "Office Partitions" }).check();
  // Filed in the gallery under its work, not the first category; counted for Dublin's area page.
  await page.getByLabel("Gallery category").selectOption("suspended-ceilings");
  await page.getByLabel("County").selectOption("dublin");
  await page.getByLabel("Duration").fill("Two weekends");
  await page.getByLabel("Scope").fill(SCOPE);
  await expect(page.getByText("187 words so far.")).toBeVisible();

  // Chosen in the order the photos were found: during, after, before.
  await page.getByRole("checkbox", { name: "Use during photo 1" }).check();
  await page.getByRole("checkbox", { name: "Use after photo 1" }).check();
  await page.getByRole("checkbox", { name: "Use before photo 1" }).check();
  await page.getByLabel("Alt text for during photo 1").fill(ALT.during);
  await page.getByLabel("Alt text for after photo 1").fill(ALT.after);
  await page.getByLabel("Alt text for before photo 1").fill(ALT.before);
  expect(await chosenOrder(page)).toEqual([ALT.during, ALT.after, ALT.before]);

  // The before photo dragged to the top, then the during photo moved down with the keyboard: the
  // before/after pair now leads, side by side.
  const order = page.getByRole("list", { name: "Photos in page order" }).getByRole("listitem");
  await order.nth(2).dragTo(order.nth(0));
  await expect.poll(() => chosenOrder(page)).toEqual([ALT.before, ALT.during, ALT.after]);
  await page.getByRole("button", { name: "Move down photo 2" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => chosenOrder(page)).toEqual([ALT.before, ALT.after, ALT.during]);
  await expect(page.getByRole("status").filter({ hasText: "Photo moved to position 3." })).toBeAttached();

  await page.getByRole("checkbox", { name: "The client agreed to show this project" }).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create the draft project" }).click();

  // The draft opens in the projects editor: saved as it is, then published.
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByLabel("Title")).toHaveValue(TITLE);
  const editOrder = edit.getByRole("list", { name: "Photos in page order" }).getByRole("textbox");
  await expect(editOrder).toHaveCount(3);
  expect(await editOrder.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    ALT.before,
    ALT.after,
    ALT.during,
  ]);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  const row = page.getByRole("table", { name: "Projects" }).getByRole("row", { name: new RegExp(TITLE) });
  await row.getByRole("button", { name: `Publish ${TITLE}` }).click();
  const published = row.getByRole("link", { name: "Published" });
  await expect(published).toHaveAttribute("href", "/projects/clinic-ceiling-and-partitions-in-sandyford");

  // The public page: title, breadcrumb, photos in the chosen order (the pair captioned), the review.
  await page.goto(`${server.origin}/projects/clinic-ceiling-and-partitions-in-sandyford`);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb", exact: true });
  await expect(breadcrumb.getByRole("listitem")).toHaveText([/Home$/, /Projects$/, new RegExp(`${TITLE}$`)]);
  await expect(breadcrumb.getByRole("link", { name: "Projects", exact: true })).toHaveAttribute("href", "/projects");
  const photos = page.getByRole("article").getByRole("figure");
  await expect(photos).toHaveCount(3);
  expect(await photos.getByRole("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([
    ALT.before,
    ALT.after,
    ALT.during,
  ]);
  await expect(photos.nth(0)).toContainText("Before");
  await expect(photos.nth(1)).toContainText("After");
  await expect(page.getByRole("region", { name: "What the client said" })).toContainText(REVIEW);
  await expectNoAxeViolations(page);

  // The gallery files it under Suspended Ceilings.
  await page.goto(`${server.origin}/gallery?category=suspended-ceilings`);
  await expect(page.getByRole("main")).toContainText(TITLE);

  // One project per job: the card now links to it.
  await page.goto(`${server.origin}/admin/jobs/${job.job.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: TITLE })).toHaveAttribute(
    "href",
    "/projects/clinic-ceiling-and-partitions-in-sandyford",
  );
  await expect(page.getByRole("link", { name: "Publish as a project" })).toHaveCount(0);
});

// Issue 39 item 5: on a phone (Lighthouse's: 412 CSS px wide at 1.75 device pixels each) the photos
// at the top are fetched once each, as the 720-wide AVIF (the first one preloaded at that width too),
// not the 800 a phone took before: a third fewer bytes in front of the largest paint.
test("on a phone the first photos are fetched once each, as 720-wide AVIFs", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const fetched: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/uploads/")) fetched.push(pathname);
  });
  await page.goto(`${server.origin}/projects/clinic-ceiling-and-partitions-in-sandyford`);
  for (const alt of [ALT.before, ALT.after]) {
    const photo = page.getByRole("img", { name: alt });
    // The file the browser chose and finished loading (naturalWidth is in CSS pixels with a srcset).
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(shown).toMatch(/^\/uploads\/[a-f0-9]{32}-720\.avif$/);
    expect(fetched.filter((path) => path.startsWith(shown.split("-")[0]!))).toEqual([shown]);
  }
  expect(errors).toEqual([]);
  await phone.close();
});
