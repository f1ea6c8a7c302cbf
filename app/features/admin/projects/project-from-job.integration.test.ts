import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobPhotos, jobs, projects, testimonials, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp } from "../../../../tests/support/built-app";
import { insertTestJob } from "../../../../tests/support/jobs-fixture";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";

// Issue 39 item 3: "Publish as a project" from a completed job, through the built server's admin
// API: a draft with the job's own photos (before/after pairs from their stage) and the job recorded,
// whose page shows the client's published verified review of that job.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Grid-Ceiling-From-Job-39";

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "niamh", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "niamh", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

type Answer = { status: number; body: any };

async function api(method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${site.origin}${url}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A photo of the job at a stage, uploaded as a real JPEG: its job_photos id. */
async function jobPhoto(jobId: number, stage: "before" | "during" | "after"): Promise<number> {
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#7a8b9c" } })
    .jpeg()
    .toBuffer();
  const res = await fetch(`${site.origin}/api/admin/uploads`, {
    method: "POST",
    headers: { cookie, "content-type": "image/jpeg", "x-file-name": "site.jpg" },
    body: jpeg,
  });
  expect(res.status).toBe(201);
  const { id: uploadId } = (await res.json()) as { id: string };
  const [row] = await t.database.db.insert(jobPhotos).values({ jobId, uploadId, stage }).returning();
  return row!.id;
}

const scope = Array.from({ length: 170 }, (_, i) => (i % 10 === 9 ? "partition." : "ceiling")).join(" ");

const payload = (photos: Array<{ id: number; alt: string }>, fields: Record<string, unknown> = {}) => ({
  title: "Dental clinic ceiling in Sandyford",
  area: "Sandyford, Dublin 18",
  sector: "Healthcare",
  services: ["suspended-ceilings"],
  scope,
  photos,
  consent: true,
  ...fields,
});

const projectCount = () => t.database.db.$count(projects);

describe("POST /api/admin/jobs/{id}/project", () => {
  it("makes a draft from a completed job: the job's photos in order, before/after pairs from their stage, the job recorded", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "complete" });
    const before = await jobPhoto(job.id, "before");
    const during = await jobPhoto(job.id, "during");
    const after = await jobPhoto(job.id, "after");
    const made = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([
        { id: before, alt: "The clinic's old ceiling before the works" },
        { id: after, alt: "The new grid ceiling in the clinic" },
        { id: during, alt: "The grid going up" },
      ]),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: "draft",
      jobId: job.id,
      title: "Dental clinic ceiling in Sandyford",
      slug: "dental-clinic-ceiling-in-sandyford",
      area: "Sandyford, Dublin 18",
      services: ["suspended-ceilings"],
      // No category sent: the first service's, not the gallery's first category (Shop Ceilings).
      category: "suspended-ceilings",
      consentBy: "niamh",
    });
    const photos = made.body.photos as Array<{ alt: string; pair?: string; src: string }>;
    expect(photos.map((p) => [p.alt, p.pair ?? null])).toEqual([
      ["The clinic's old ceiling before the works", "before"],
      ["The new grid ceiling in the clinic", "after"],
      ["The grid going up", null],
    ]);
    expect(photos[0]!.src).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.jpg$/);

    // Published with the consent it carries, its page shows the client's published verified review of the job.
    await t.database.db.insert(testimonials).values([
      {
        name: "Verified client",
        location: "Sandyford, Dublin 18",
        content: "Tidy crew, finished a day early and the ceiling looks great.",
        stars: 5,
        status: "published",
        verified: true,
        jobId: job.id,
      },
      {
        name: "Verified client",
        content: "A pending review that is not on the site yet.",
        stars: 4,
        status: "pending",
        verified: true,
        jobId: job.id,
      },
    ]);
    expect((await api("POST", `/api/admin/projects/${made.body.id}/publish`)).status).toBe(200);
    const page = await fetch(`${site.origin}/projects/dental-clinic-ceiling-in-sandyford`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Tidy crew, finished a day early and the ceiling looks great.");
    expect(html).toContain("What the client said");
    expect(html).toMatch(/>Verified client<\/p>\s*<p[^>]*>Sandyford, Dublin 18</);
    expect(html).not.toContain("A pending review that is not on the site yet.");
    // The review the page shows is the page's `review` in its structured data.
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((d) => d["@type"] === "WebPage");
    expect(ld?.review).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Verified client" },
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
      reviewBody: "Tidy crew, finished a day early and the ceiling looks great.",
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // One project per job: a second is refused with words and stores nothing; the card and the
    // form page link to the published project instead of offering another.
    const count = await projectCount();
    const again = await api("POST", `/api/admin/jobs/${job.id}/project`, payload([{ id: after, alt: "Again" }]));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This job already has a project: edit that one from the projects list.");
    expect(await projectCount()).toBe(count);
    for (const path of [`/admin/jobs/${job.id}`, `/admin/jobs/${job.id}/project`]) {
      const admin = await (await fetch(`${site.origin}${path}`, { headers: { cookie } })).text();
      expect(admin).toMatch(
        /href="\/projects\/dental-clinic-ceiling-in-sandyford"[^>]*>Dental clinic ceiling in Sandyford</,
      );
      expect(admin).not.toContain("Create the draft project");
      expect(admin).not.toMatch(/>Publish as a project<\/a>/);
    }
  });

  it("shows the crew's site photos (stored as JPEG) in every web format: the JPEG stands in until the AVIF and WebP are made", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "in-progress" });
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#8a6b4c" } })
      .jpeg()
      .toBuffer();
    const taken = await fetch(`${site.origin}/api/admin/jobs/${job.id}/photos?stage=after`, {
      method: "POST",
      headers: { cookie, "content-type": "image/jpeg" },
      body: jpeg,
    });
    expect(taken.status).toBe(201);
    const photo = (await taken.json()) as { id: number; url: string };
    // Before any project shows it, the site photo is staff's only, and has no AVIF: its JPEG answers.
    const avif = `${site.origin}${photo.url.replace(/-\d+\.jpg$/, "-720.avif")}`;
    expect((await fetch(avif)).status).toBe(404);
    const standIn = await fetch(avif, { headers: { cookie } });
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get("content-type")).toBe("image/jpeg");
    expect(standIn.headers.get("cache-control")).toBe("private, max-age=86400");
    await t.database.db.update(jobs).set({ status: "complete" }).where(eq(jobs.id, job.id));
    const made = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([{ id: photo.id, alt: "The finished ceiling over the reception desk" }], {
        title: "Reception ceiling in Naas",
      }),
    );
    expect(made.status).toBe(201);
    const src = (made.body.photos as Array<{ src: string }>)[0]!.src;
    expect(src).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.jpg$/);
    const at = (width: number, extension: string) =>
      `${site.origin}${src.replace(/-1200\.jpg$/, `-${width}.${extension}`)}`;

    // Published on a project, it is the site's: every address the project's <picture> names answers
    // anyone with an image, whichever comes first.
    for (const width of [400, 720, 800, 1200])
      for (const extension of ["avif", "webp", "jpg"]) {
        const res = await fetch(at(width, extension));
        expect(res.status, `${width}.${extension}`).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^image\/(avif|webp|jpeg)$/);
      }
    // Then the real AVIF and WebP, kept for good (made in the background after the 201).
    await expect
      .poll(async () => (await fetch(at(720, "avif"))).headers.get("content-type"), { timeout: 30_000, interval: 250 })
      .toBe("image/avif");
    for (const width of [400, 720, 800, 1200]) {
      const avif = await fetch(at(width, "avif"));
      expect(avif.headers.get("content-type")).toBe("image/avif");
      expect(avif.headers.get("cache-control")).toContain("immutable");
      const webp = await fetch(at(width, "webp"));
      expect(webp.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(width);
    }
  });

  it("answers one of two racing requests for the same job with 201 and the other with 409 in words; the database holds one project per job", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "complete" });
    const photo = await jobPhoto(job.id, "after");
    const count = await projectCount();
    // A double click: the same form sent twice at once.
    const body = payload([{ id: photo, alt: "The new ceiling" }], { title: "Racing ceiling in Ranelagh" });
    const answers = await Promise.all([0, 1].map(() => api("POST", `/api/admin/jobs/${job.id}/project`, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      "This job already has a project: edit that one from the projects list.",
    );
    expect(await projectCount()).toBe(count + 1);

    // Past the code's check (two servers, or the check and the insert interleaved), the unique index refuses a second row.
    const second = t.database.db
      .insert(projects)
      .values({ title: "Another page", description: "Same job", imageSrc: "/a.jpg", altText: "A", jobId: job.id });
    await expect(second).rejects.toMatchObject({ cause: { code: "23505", constraint: "projects_job_idx" } });
    // Projects made by hand (no job) are not limited.
    await t.database.db.insert(projects).values([
      { title: "Hand-made one", description: "No job", imageSrc: "/a.jpg", altText: "A" },
      { title: "Hand-made two", description: "No job", imageSrc: "/b.jpg", altText: "B" },
    ]);
    expect(await projectCount()).toBe(count + 3);
  });

  it("leaves the job's photos on its card when the project showing them is deleted", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "complete" });
    const after = await jobPhoto(job.id, "after");
    const made = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([{ id: after, alt: "The finished office ceiling" }], { title: "Office ceiling in Swords" }),
    );
    expect(made.status).toBe(201);
    const src = (made.body.photos as Array<{ src: string }>)[0]!.src;
    expect((await api("DELETE", `/api/admin/projects/${made.body.id}`)).status).toBe(204);
    // The project's photo was the job's own upload: the job keeps it (the handover's record).
    const card = await api("GET", `/api/admin/jobs/${job.id}/card`);
    expect(card.body.photos.map((p: { id: number }) => p.id)).toEqual([after]);
    // Off the website again, the site photo is staff's only.
    expect((await fetch(`${site.origin}${src}`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${site.origin}${src}`)).status).toBe(404);
  });

  it("is refused (409) while the job is not complete, and stores nothing", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "snagging" });
    const photo = await jobPhoto(job.id, "after");
    const count = await projectCount();
    const refused = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([{ id: photo, alt: "The new ceiling" }]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Only a completed job can be published as a project.");
    expect(await projectCount()).toBe(count);
  });

  it("answers 400 naming photos.N.id for another job's photo, 400 for a short scope, 404 for an unknown job; nothing stored", async () => {
    const { job } = await insertTestJob(t.database.db, { status: "complete" });
    const { job: other } = await insertTestJob(t.database.db, { status: "complete" });
    const own = await jobPhoto(job.id, "after");
    const foreign = await jobPhoto(other.id, "after");
    const count = await projectCount();

    const wrong = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([
        { id: own, alt: "The new ceiling" },
        { id: foreign, alt: "Someone else's ceiling" },
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ "photos.1.id": "This photo is not one of this job's photos." });
    expect(typeof wrong.body.message).toBe("string");

    const short = await api(
      "POST",
      `/api/admin/jobs/${job.id}/project`,
      payload([{ id: own, alt: "The new ceiling" }], { scope: "Too short to describe the work." }),
    );
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.scope).toBe("The scope must be 150–300 words");

    expect((await api("POST", "/api/admin/jobs/999999/project", payload([{ id: own, alt: "x" }]))).status).toBe(404);
    expect(await projectCount()).toBe(count);
  });

  it("is offered on a completed job's card, whose form page lists the job's photos; not for a job still in progress", async () => {
    const page = async (path: string) => {
      const res = await fetch(`${site.origin}${path}`, { headers: { cookie } });
      return { status: res.status, html: await res.text() };
    };
    const { job } = await insertTestJob(t.database.db, { status: "complete" });
    await jobPhoto(job.id, "before");
    const card = await page(`/admin/jobs/${job.id}`);
    expect(card.status).toBe(200);
    expect(card.html).toMatch(new RegExp(`href="/admin/jobs/${job.id}/project"[^>]*>Publish as a project</a>`));
    const form = await page(`/admin/jobs/${job.id}/project`);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Use before photo 1");
    expect(form.html).toContain("The client agreed to show this project");

    const { job: open } = await insertTestJob(t.database.db, { status: "in-progress" });
    expect((await page(`/admin/jobs/${open.id}`)).html).not.toContain("Publish as a project");
    expect((await page(`/admin/jobs/${open.id}/project`)).status).toBe(409);
  });
});
