import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../app/db/schema";
import { insertTestJob, type TestJob } from "../support/jobs-fixture";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// A client's review (issue 39): the job is signed off, the client opens their review link on a
// phone, rates it with the star radio group and writes a few lines (with no consent to their name);
// staff then publish it from the testimonials page, and the home page shows it, dated, as a
// verified client in the job's area.
test.describe.configure({ mode: "serial" });

const OWNER = { username: "review-owner", password: "Owner-Reads-Reviews-Grid-4" };
const PHONE_390 = { width: 390, height: 844 };
const WORDS = "New ceiling in over a weekend, and the shop opened on Monday as promised.";

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
let pool: pg.Pool;
let job: TestJob;
let token: string;

test.beforeAll(async ({ request }) => {
  server = await startIsolatedServerWithAdmin(OWNER);
  const socketDir = path.join(server.dataDir, "postgres");
  pool = new pg.Pool({
    connectionString: `postgres://postgres@${encodeURIComponent(socketDir)}:5432/postgres`,
    max: 1,
  });
  const db = drizzle(pool, { schema }) as unknown as Parameters<typeof insertTestJob>[0];
  job = await insertTestJob(db, {
    status: "snagging",
    title: "Suspended ceiling, Main Street shop",
    clientEmail: "aoife@byrne-retail.ie",
  });
  // The client signs off (their page's JSON call): that queues the review request.
  const signed = await request.post(`${server.origin}/j/${job.job.token}/sign-off`, {
    data: { name: "Aoife Byrne", agree: true },
  });
  expect(signed.status()).toBe(200);
  const found = await pool.query<{ token: string }>("select token from review_requests where job_id = $1", [
    job.job.id,
  ]);
  token = found.rows[0]!.token;
});
test.afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

test("the client leaves a review on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE_390, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(`${server.origin}/r/${token}`);
  await waitForHydration(phone);
  await expect(phone.getByRole("heading", { name: "How did we do?", level: 1 })).toBeVisible();
  await expect(phone.getByText("Suspended ceiling, Main Street shop, Swords, Co. Dublin")).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/review-390.png", fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 800 });
  await phone.screenshot({ path: "test-results/review-1280.png", fullPage: true });
  await phone.setViewportSize(PHONE_390);

  // Nothing chosen: the browser's own check stops the post; then the stars as a radio group.
  const rating = phone.getByRole("group", { name: "Your rating" });
  await expect(rating.getByRole("radio")).toHaveCount(5);
  await rating.getByRole("radio", { name: /^4 stars/ }).check();
  await expect(rating.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
  await phone.getByLabel("What would you tell another business about working with us?").fill(WORDS);
  await phone.getByLabel("Your name").fill("Aoife Byrne");
  await phone.getByLabel("Company (optional)").fill("Byrne Retail");
  await expect(phone.getByLabel("You may publish my name and company with my review")).not.toBeChecked();
  await phone.getByRole("button", { name: "Send my review" }).click();

  await expect(phone.getByRole("heading", { name: "Thank you for your review", level: 1 })).toBeVisible();
  await expect(phone.getByText("Your review has reached the office")).toBeVisible();
  await expect(phone.getByRole("button", { name: "Send my review" })).toHaveCount(0);
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/review-thanks-390.png", fullPage: true });
  await context.close();
});

test("staff publish the review, and the home page shows it as a verified client", async ({ page }) => {
  expect((await page.request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  await page.goto(`${server.origin}/admin/testimonials`);
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Testimonials" });
  const row = table.getByRole("row", { name: /Verified client/ });
  await expect(row).toContainText("Awaiting approval");
  await expect(page.getByRole("region", { name: "Review requests" })).toContainText("Average stars4.0");

  await page.getByRole("button", { name: "Edit Verified client" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
  await expect(edit.getByRole("textbox", { name: "Testimonial", exact: true })).toHaveAttribute("readonly", "");
  await edit.getByRole("combobox", { name: "Status" }).selectOption("published");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(row).toContainText("Published");
  await expectNoAxeViolations(page);

  await page.goto(`${server.origin}/`);
  const review = page.getByRole("listitem").filter({ hasText: WORDS });
  await expect(review).toContainText("Verified client");
  await expect(review).toContainText("Swords, Co. Dublin");
  await expect(review).toContainText(/Verified review, \d{1,2} \w+ \d{4}/);
  await expect(review).not.toContainText("Aoife Byrne");
  // The words above the reviews and the structured data state the same rating: the verified one.
  await expect(page.getByText("Rated 4 out of 5 from 1 review by offices, retailers and salon owners.")).toBeVisible();
  const business = (
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "null") as { "@type"?: string }))
  ).find((d) => d["@type"] === "GeneralContractor") as {
    aggregateRating: { ratingValue: number; reviewCount: number };
    review: Array<{ author: { name: string } }>;
  };
  expect(business.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  expect(business.review.map((r) => r.author.name)).toEqual(["Verified client"]);
});
