import path from "node:path";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import sharp from "sharp";
import * as schema from "../../app/db/schema";
import { insertTestJob, type TestJob } from "../support/jobs-fixture";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// The job card on a crew member's phone (390 px): they open their job from My Jobs, tick a
// checklist item, photograph the finished work with the phone's camera (and delete a photo taken
// by mistake), add a snag and close it, and delete one added by mistake; then the client opens the
// job's link on their phone, sees only the snags kept, and signs the job off.
test.describe.configure({ mode: "serial" });

const OWNER = { username: "card-owner", password: "Owner-Checks-Grid-Levels-8" };
const CREW = { username: "niamh.crew", fullName: "Niamh Gallagher", password: "Crew-Ticks-Safe-Pass-5" };
const PHONE_390 = { width: 390, height: 844 };

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
let pool: pg.Pool;
let job: TestJob;

test.beforeAll(async ({ request }) => {
  server = await startIsolatedServerWithAdmin(OWNER);
  // Staff add the crew member with their role, as the Users page does.
  expect((await request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  expect(
    (await request.post(`${server.origin}/api/auth/confirm`, { data: { password: OWNER.password } })).status(),
  ).toBe(204);
  const added = await request.post(`${server.origin}/api/admin/users`, {
    data: {
      username: CREW.username,
      fullName: CREW.fullName,
      role: "crew",
      passwordMode: "choose",
      password: CREW.password,
    },
  });
  expect(added.status()).toBe(201);
  const crewId = ((await added.json()) as { id: number }).id;
  // No code on this branch creates jobs yet: the job's rows go straight into the server's database
  // (its embedded PostgreSQL listens on a socket in the data folder).
  const socketDir = path.join(server.dataDir, "postgres");
  pool = new pg.Pool({
    connectionString: `postgres://postgres@${encodeURIComponent(socketDir)}:5432/postgres`,
    max: 1,
  });
  const db = drizzle(pool, { schema }) as unknown as Parameters<typeof insertTestJob>[0];
  // A day on site that has started and runs for eight hours more: "Today" on the card.
  const start = new Date(Date.now() - 3_600_000);
  job = await insertTestJob(db, {
    title: "Suspended ceiling, Main Street shop",
    clientEmail: "aoife@byrne-retail.ie",
    days: [{ start, end: new Date(start.getTime() + 9 * 3_600_000), staffIds: [crewId] }],
  });
});
test.afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c8d6e5" } })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 20/1 0/1" } })
    .jpeg()
    .toBuffer();
}

test("a crew member ticks, photographs, and adds and closes a snag on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE_390, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  expect((await context.request.post(`${server.origin}/api/auth/login`, { data: CREW })).status()).toBe(200);

  // The admin's home sends crew to their own jobs.
  await phone.goto(`${server.origin}/admin`);
  await expect(phone).toHaveURL(/\/admin\/my-jobs$/);
  await expect(phone.getByRole("heading", { name: "My Jobs", level: 1 })).toBeVisible();
  await phone.getByRole("link", { name: new RegExp(job.job.number) }).click();
  await expect(phone.getByRole("heading", { name: "Suspended ceiling, Main Street shop", level: 1 })).toBeVisible();
  await waitForHydration(phone);
  await expect(phone.getByText("Today:")).toBeVisible();
  // The programme page, the client and the job's status are the office's: no link a crew member
  // could not open, no status to move.
  await expect(phone.getByRole("navigation", { name: "Job" }).getByRole("link")).toHaveCount(0);
  await expect(phone.getByRole("heading", { name: /^Status:/ })).toHaveCount(0);

  // A tick records who and when.
  const protectedItem = phone.getByRole("checkbox", { name: /Area protected/ });
  await protectedItem.check();
  await expect(phone.getByRole("listitem").filter({ hasText: "Area protected" })).toContainText(CREW.fullName);

  // A photo of the finished work, from the camera.
  const camera = phone.getByLabel("Take a photo");
  await expect(camera).toHaveAttribute("capture", "environment");
  await expect(camera).toHaveAttribute("accept", "image/*");
  await phone.getByText("After", { exact: true }).click();
  await camera.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
  await expect(phone.getByRole("img", { name: "After 1" })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByRole("region", { name: "After photos" })).toContainText("After (1)");

  // A photo taken at the wrong stage: deleted, asked first with the photo shown.
  const toasts = phone.getByRole("region", { name: "Notifications" });
  await phone.getByText("Before", { exact: true }).click();
  await camera.setInputFiles({ name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
  const beforePhotos = phone.getByRole("region", { name: "Before photos" });
  await expect(beforePhotos.getByRole("img", { name: "Before 1" })).toBeVisible({ timeout: 30_000 });
  await beforePhotos.getByRole("button", { name: "Delete photo Before 1" }).click();
  const askPhoto = phone.getByRole("dialog", { name: "Delete this photo?" });
  await expect(askPhoto.getByRole("img", { name: "Before 1" })).toBeVisible();
  await phone.screenshot({ path: "test-results/job-card-delete-photo-390.png" });
  await askPhoto.getByRole("button", { name: "Delete photo" }).click();
  await expect(askPhoto).toBeHidden();
  await expect(toasts).toContainText("Photo deleted");
  await expect(beforePhotos).toContainText("Before (0)");
  await expect(beforePhotos.getByRole("img")).toHaveCount(0);
  await expect(phone.getByRole("img", { name: "After 1" })).toBeVisible();

  // A snag, then closed; the heading counts the open ones as they change. A long web address in a
  // snag wraps within the phone's width.
  const snagsHeading = phone.getByRole("heading", { name: /^Snags/ });
  // The snag's photo is named as the grid names it; the deleted one is no choice.
  await expect(phone.getByLabel("Photo (optional)").getByRole("option")).toHaveText(["None", "After 1"]);
  await phone.getByLabel("New snag").fill("Scuffed tile above the till");
  await phone.getByRole("button", { name: "Add snag" }).click();
  await expect(snagsHeading).toHaveText("Snags (1 open)");
  const link = `See https://www.example-ceilings.ie/products/${"tegular-600x600mm-".repeat(6)}dune-supreme.html`;
  await phone.getByLabel("New snag").fill(link);
  await phone.getByRole("button", { name: "Add snag" }).click();
  await expect(snagsHeading).toHaveText("Snags (2 open)");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const close = phone.getByRole("button", { name: "Close snag: Scuffed tile above the till" });
  await close.click();
  await expect(phone.getByRole("button", { name: "Reopen snag: Scuffed tile above the till" })).toBeVisible();
  await expect(phone.getByText(`Closed by ${CREW.fullName}`)).toBeVisible();
  await expect(snagsHeading).toHaveText("Snags (1 open)");

  // The long one was a mistake: Delete asks first, "Keep it" changes nothing, then it goes.
  const deleteLink = phone.getByRole("button", { name: /^Delete snag: See https:\/\/www\.example-ceilings\.ie/ });
  await deleteLink.click();
  const askSnag = phone.getByRole("dialog", { name: "Delete this snag?" });
  await expect(askSnag).toContainText("If the snag was fixed, close it instead");
  await askSnag.getByRole("button", { name: "Keep it" }).click();
  await expect(askSnag).toBeHidden();
  await expect(snagsHeading).toHaveText("Snags (1 open)");
  await deleteLink.click();
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/job-card-delete-snag-390.png" });
  await askSnag.getByRole("button", { name: "Delete snag" }).click();
  await expect(askSnag).toBeHidden();
  await expect(toasts).toContainText("Snag deleted");
  await expect(deleteLink).toHaveCount(0);
  await expect(snagsHeading).toHaveText(/^Snags\s*$/);

  // All of it was stored: a fresh load shows the same card.
  await phone.reload();
  await expect(phone.getByRole("checkbox", { name: /Area protected/ })).toBeChecked();
  await expect(phone.getByRole("img", { name: "After 1" })).toBeVisible();
  await expect(phone.getByRole("region", { name: "Before photos" })).toContainText("Before (0)");
  await expect(phone.getByRole("button", { name: "Reopen snag: Scuffed tile above the till" })).toBeVisible();
  await expect(phone.getByRole("button", { name: /^Delete snag: See https:/ })).toHaveCount(0);
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/job-card-390.png", fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 800 });
  await phone.screenshot({ path: "test-results/job-card-1280.png", fullPage: true });
  await context.close();
});

test("the client signs the job off on a phone", async ({ browser }) => {
  // Staff move the job to snagging when the work is done (the Jobs page's call, on another branch).
  await pool.query("update jobs set status = 'snagging' where id = $1", [job.job.id]);
  const context = await browser.newContext({ viewport: PHONE_390, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(`${server.origin}/j/${job.job.token}`);
  await waitForHydration(phone);
  await expect(phone.getByRole("heading", { name: `Job ${job.job.number}`, level: 1 })).toBeVisible();
  await expect(phone.getByRole("region", { name: "Programme" })).toContainText(`Crew: ${CREW.fullName}`);
  await expect(phone.getByRole("region", { name: "Snags" })).toContainText("Scuffed tile above the till");
  await expect(phone.getByRole("region", { name: "Snags" })).not.toContainText("example-ceilings.ie");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/job-sign-off-390.png", fullPage: true });

  await phone.getByLabel("Your full name").fill("Aoife Byrne");
  await phone.getByLabel("I confirm the work is complete, on behalf of the client.").check();
  await phone.getByRole("button", { name: "Sign off the job" }).click();
  await expect(phone.getByRole("status")).toContainText("Signed off by Aoife Byrne");
  const pack = phone.getByRole("link", { name: "Download the handover pack (PDF)" });
  await expect(pack).toBeVisible();
  const download = await context.request.get(`${server.origin}/j/${job.job.token}/handover.pdf`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  await phone.screenshot({ path: "test-results/job-signed-off-390.png", fullPage: true });

  const [row] = await drizzle(pool, { schema }).select().from(schema.jobs).where(eq(schema.jobs.id, job.job.id));
  expect(row!.status).toBe("complete");
  await context.close();

  // The sign-off asked the client for a review: the office's card says so, and offers no second
  // request inside six months (the server would refuse it).
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await office.newPage();
  expect((await office.request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  await desk.goto(`${server.origin}/admin/jobs/${job.job.id}`);
  const review = desk.getByRole("region", { name: "Client review" });
  await expect(review).toContainText(/Review requested .*, not opened yet\./);
  await expect(review.getByRole("button", { name: "Ask for a review" })).toBeDisabled();
  await expect(review).toContainText("at most once in six months");
  await office.close();
});
