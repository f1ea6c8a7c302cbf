import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, jobs, reviewRequests, testimonials } from "~/db/schema";
import { callSite } from "../../../tests/support/call-site";
import { insertTestJob } from "../../../tests/support/jobs-fixture";
import { useMailingSite, type MailingSite } from "../../../tests/support/mailing-site";
import { deliverUntil } from "../../../tests/support/smtp";
import { runReviewReminders } from "./review-reminders.server";

// Review requests and reviews (issue 39) through the built server and a real SMTP server: every
// signed-off job asks its client (no gating), one request per client in six months, reminders on
// REVIEW_REMINDER_DAYS in office hours and never twice, none once answered or declined; an answer
// is a pending verified testimonial whose words staff cannot change, and once published it is the
// business's aggregateRating.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;
const SITE_URL = "https://www.example.ie";
const GOOGLE = "https://g.page/r/CcExample123/review";

useMailingSite(
  {
    staff: { username: "orla", password: "Review-Request-Grid-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL, NOTIFY_EMAIL: "office@example.ie", REVIEW_REMINDER_DAYS: "3,10" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const staff = (method: string, path: string, body?: unknown) => callSite(site.origin, method, path, body, { cookie });
const visitor = (method: string, path: string, body?: unknown) => callSite(site.origin, method, path, body);

/** The client's form, posted as a browser without JavaScript posts it. */
const postForm = (token: string, fields: Record<string, string>) =>
  fetch(`${site.origin}/r/${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** A job signed off by its client through /j/<token>/sign-off; answers the job and its review request. */
async function signedOffJob() {
  const made = await insertTestJob(t.database.db, { status: "snagging" });
  const signed = await visitor("POST", `/j/${made.job.token}/sign-off`, { name: "Aoife Signer", agree: true });
  expect(signed.status).toBe(200);
  const [request] = await t.database.db.select().from(reviewRequests).where(eq(reviewRequests.jobId, made.job.id));
  return { ...made, request: request! };
}

/** Sends everything queued (a sign-off's handover pack waits for its PDF). */
async function drainOutbox() {
  await expect
    .poll(
      async () => {
        await site.services.outbox.processDue();
        return t.database.db.$count(emailOutbox, inArray(emailOutbox.status, ["pending", "sending"]));
      },
      { timeout: 60_000 },
    )
    .toBe(0);
}

/** Another job of the same client, made by hand. */
async function anotherJob(clientId: number) {
  const [job] = await t.database.db
    .insert(jobs)
    .values({
      number: `J-2026-R${crypto.randomBytes(3).toString("hex")}`,
      token: crypto.randomBytes(18).toString("base64url"),
      status: "complete",
      clientId,
      title: "Office partitions, second floor",
      site: { address: ["12 Main Street", "Sandyford, Dublin 18"], eircode: "D18 X2C4" },
    })
    .returning();
  return job!;
}

describe("review requests", () => {
  it("asks every client who signs off, with the Google link and their own link; one request per client in six months", async () => {
    const saved = await staff("PUT", "/api/admin/settings/business", { googleReviewUrl: GOOGLE });
    expect(saved.status).toBe(200);
    expect((await staff("PUT", "/api/admin/settings/business", { googleReviewUrl: "g.page/r/x" })).body).toMatchObject({
      fieldErrors: { googleReviewUrl: expect.stringContaining("https://") },
    });

    const { job, clientId, request } = await signedOffJob();
    expect(request).toMatchObject({ clientId, jobId: job.id, reminders: 0, openedAt: null, requestedBy: null });
    expect(request.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await drainOutbox();
    const mail = smtp.received.find((m) => m.headers.subject?.startsWith("How did we do?"))!;
    expect(mail.to).toEqual([request.toAddress]);
    expect(mail.body).toContain(GOOGLE);
    expect(mail.body).toContain(`${SITE_URL}/r/${request.token}`);
    expect(mail.body).toContain("Swords, Co. Dublin");
    expect(mail.body).not.toContain("Swords Business Park");

    // Another job of the same client, by hand: 409 for six months, whichever job.
    const second = await anotherJob(clientId);
    const refused = await staff("POST", `/api/admin/jobs/${second.id}/review-request`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("one request per client in six months");
    expect(await t.database.db.$count(reviewRequests, eq(reviewRequests.clientId, clientId))).toBe(1);

    // Six months and a day later it may go again.
    await t.database.db
      .update(reviewRequests)
      .set({ sentAt: new Date(Date.now() - 184 * 86_400_000) })
      .where(eq(reviewRequests.id, request.id));
    const again = await staff("POST", `/api/admin/jobs/${second.id}/review-request`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ jobId: second.id, clientId, reminders: 0 });
    expect((await staff("POST", `/api/admin/jobs/${second.id}/review-request`)).status).toBe(409);

    const noEmail = await insertTestJob(t.database.db, { status: "complete", clientEmail: null });
    expect((await staff("POST", `/api/admin/jobs/${noEmail.job.id}/review-request`)).status).toBe(409);
    expect((await staff("POST", "/api/admin/jobs/999999/review-request")).status).toBe(404);
    expect((await visitor("POST", `/api/admin/jobs/${second.id}/review-request`)).status).toBe(401);
  });

  it("reminds at 3 and 10 days, weekdays 08:00–18:00 Dublin, once however many servers run, never after an answer", async () => {
    // Only this test's requests: the first test's are still open.
    await t.database.db.delete(reviewRequests);
    const { request } = await signedOffJob();
    const declined = await signedOffJob();
    await drainOutbox();
    smtp.received.length = 0;
    // Thursday 10 December 2026, 10:00 in Dublin (winter: UTC); both requests sent 3 days and a minute before.
    const thursday = new Date("2026-12-10T10:00:00Z");
    const sentAt = new Date(thursday.getTime() - 3 * 86_400_000 - 60_000);
    for (const id of [request.id, declined.request.id])
      await t.database.db.update(reviewRequests).set({ sentAt }).where(eq(reviewRequests.id, id));
    // The second client says no thanks: no reminder for them.
    expect((await postForm(declined.request.token, { intent: "decline" })).status).toBe(303);

    expect(await runReviewReminders(site.services, new Date("2026-12-12T10:00:00Z"))).toEqual({
      status: "outside-hours",
    });
    expect(await runReviewReminders(site.services, new Date("2026-12-10T18:30:00Z"))).toEqual({
      status: "outside-hours",
    });
    const runs = await Promise.all([1, 2, 3].map(() => runReviewReminders(site.services, thursday)));
    expect(runs.reduce((n, r) => n + (r.status === "done" ? r.sent : 0), 0)).toBe(1);
    expect(await runReviewReminders(site.services, thursday)).toEqual({ status: "done", sent: 0 });
    await deliverUntil(site.services.outbox, smtp, 1);
    expect(smtp.received[0]!.headers.subject).toBe("A reminder: your review of IC Interiors");
    expect(smtp.received[0]!.to).toEqual([request.toAddress]);
    expect(smtp.received[0]!.body).toContain(`${SITE_URL}/r/${request.token}`);

    // Day 10 (Monday 14 December): the second and last.
    const day10 = new Date("2026-12-17T10:00:00Z");
    expect(await runReviewReminders(site.services, day10)).toEqual({ status: "done", sent: 1 });
    expect(await runReviewReminders(site.services, new Date("2027-01-20T10:00:00Z"))).toEqual({
      status: "done",
      sent: 0,
    });
    await deliverUntil(site.services.outbox, smtp, 2);

    // An answer stops them: a fresh request answered before its first reminder gets none.
    const answered = await signedOffJob();
    await t.database.db.update(reviewRequests).set({ sentAt }).where(eq(reviewRequests.id, answered.request.id));
    const posted = await postForm(answered.request.token, {
      stars: "4",
      text: "Tidy crew, finished a day early.",
      name: "Aoife Signer",
    });
    expect(posted.status).toBe(303);
    expect(await runReviewReminders(site.services, thursday)).toEqual({ status: "done", sent: 0 });
    const [row] = await t.database.db.select().from(reviewRequests).where(eq(reviewRequests.id, answered.request.id));
    expect(row!.reminders).toBe(0);
  });
});

describe("the client's review page and the testimonial it makes", () => {
  it("is private, records the first view, refuses bad answers without storing them, and makes one pending verified testimonial", async () => {
    const { request, job } = await signedOffJob();
    expect((await visitor("GET", "/r/not-a-real-token-at-all-xx")).status).toBe(404);
    const page = await visitor("GET", `/r/${request.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.text).toContain("How did we do?");
    expect(page.text).toContain(`href="${GOOGLE}"`);
    const [opened] = await t.database.db.select().from(reviewRequests).where(eq(reviewRequests.id, request.id));
    expect(opened!.openedAt).not.toBeNull();

    const bad = await postForm(request.token, { stars: "6", text: "ok", name: "" });
    expect(bad.status).toBe(400);
    const badPage = (await bad.text()).replaceAll("<!-- -->", "");
    expect(badPage).toContain("Choose from 1 to 5 stars");
    expect(badPage).toContain("Enter your name (at least 2 characters)");
    expect(await t.database.db.$count(testimonials, eq(testimonials.jobId, job.id))).toBe(0);

    const words = "Ceiling done over a weekend, shop open on Monday as promised.";
    const good = await postForm(request.token, {
      stars: "5",
      text: words,
      name: "Aoife Byrne",
      company: "Byrne Retail",
    });
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe(`/r/${request.token}`);
    // Twice (a double tap): still one.
    expect((await postForm(request.token, { stars: "1", text: "Second thoughts here.", name: "Aoife" })).status).toBe(
      303,
    );
    const made = await t.database.db.select().from(testimonials).where(eq(testimonials.jobId, job.id));
    expect(made).toHaveLength(1);
    // No consent to their name: published only as a verified client in the job's area.
    expect(made[0]).toMatchObject({
      name: "Verified client",
      company: null,
      location: "Swords, Co. Dublin",
      content: words,
      stars: 5,
      status: "pending",
      verified: true,
    });
    const thanks = await visitor("GET", `/r/${request.token}`);
    expect(thanks.text).toContain("Your review has reached the office");

    const listed = await staff("GET", "/api/admin/testimonials");
    expect(listed.body.find((r: { id: number }) => r.id === made[0]!.id)).toMatchObject({
      status: "pending",
      jobId: job.id,
      verified: true,
    });
    const summary = await staff("GET", "/api/admin/reviews/summary");
    expect(summary.body.sent).toBeGreaterThanOrEqual(1);
    expect(summary.body.opened).toBeGreaterThanOrEqual(1);
    expect(summary.body.answered).toBeGreaterThanOrEqual(1);
  });

  it("with consent, keeps the client's name and company", async () => {
    const { request, job } = await signedOffJob();
    await postForm(request.token, {
      stars: "4",
      text: "Good work and a clean site.",
      name: "Declan Moran",
      company: "Moran Pharmacy",
      consentName: "on",
    });
    const [row] = await t.database.db.select().from(testimonials).where(eq(testimonials.jobId, job.id));
    expect(row).toMatchObject({ name: "Declan Moran", company: "Moran Pharmacy", status: "pending", verified: true });
  });
});

describe("staff decide; the words stay the client's; the rating follows", () => {
  const businessData = async () => {
    const doc = (await visitor("GET", "/")).text;
    const blocks = [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    return { doc, business: blocks.find((b) => b["@type"] === "GeneralContractor") };
  };

  it("publishes, hides and replies by status; refuses new words (409); the verified reviews become aggregateRating", async () => {
    await t.database.db.delete(testimonials).where(eq(testimonials.verified, true));
    const rating = await staff("PUT", "/api/admin/settings/business", {
      rating: { value: 4.9, count: 47, source: "Google reviews" },
    });
    expect(rating.status).toBe(200);
    const { request, job } = await signedOffJob();
    const words = "They re-hung every tile the storm brought down, in one night.";
    await postForm(request.token, { stars: "4", text: words, name: "Niamh Kelly" });
    const [review] = await t.database.db.select().from(testimonials).where(eq(testimonials.jobId, job.id));

    // Pending: not on the site; the stated figure is the rating.
    let { doc, business } = await businessData();
    expect(doc).not.toContain(words);
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 47 });

    const changed = await staff("PUT", `/api/admin/testimonials/${review!.id}`, {
      name: "Verified client",
      location: "Swords, Co. Dublin",
      content: "They were the best contractor in Ireland.",
      stars: 5,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.fieldErrors).toMatchObject({ content: expect.any(String), stars: expect.any(String) });
    expect(
      (await staff("PUT", `/api/admin/testimonials/${review!.id}`, { status: "visible" })).body.fieldErrors,
    ).toHaveProperty("status");

    const published = await staff("PUT", `/api/admin/testimonials/${review!.id}`, {
      status: "published",
      reply: "Thank you, Niamh: glad the shop opened on time.",
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: "published", verified: true, content: words, stars: 4 });

    ({ doc, business } = await businessData());
    expect(doc).toContain(words);
    expect(doc).toContain("Verified client");
    expect(doc).toMatch(/Verified review, <time dateTime="\d{4}-\d\d-\d\dT/);
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(business.review).toContainEqual(
      expect.objectContaining({ reviewBody: words, datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }),
    );

    // A second published verified review: the average of both.
    const other = await signedOffJob();
    await postForm(other.request.token, { stars: "5", text: "Spotless finish, on budget.", name: "Ciara" });
    const [second] = await t.database.db.select().from(testimonials).where(eq(testimonials.jobId, other.job.id));
    await staff("PUT", `/api/admin/testimonials/${second!.id}`, { status: "published" });
    expect((await businessData()).business.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });

    // Hidden: gone from the site and from the rating.
    expect((await staff("PUT", `/api/admin/testimonials/${review!.id}`, { status: "hidden" })).status).toBe(200);
    ({ doc, business } = await businessData());
    expect(doc).not.toContain(words);
    expect(business.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
  });
});
