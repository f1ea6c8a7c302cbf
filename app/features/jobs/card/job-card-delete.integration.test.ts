import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, jobPhotos, jobs, jobSnags, projects, uploads, uploadVariants, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, postBytes, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { insertTestJob, type TestJob } from "../../../../tests/support/jobs-fixture";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { NO_SUCH_JOB_MESSAGE, NOT_ON_JOB_MESSAGE } from "./job-access.server";
import { CARD_CLOSED_MESSAGE, NO_SUCH_PHOTO_MESSAGE, NO_SUCH_SNAG_MESSAGE } from "./job-card-rules";

// Deleting a snag or a site photo added by mistake, through the built server: the same people as
// adding one (office and owners on any job, crew on theirs), asked by id within the job (404
// otherwise), never on a closed card (409), and written to the audit log since the row goes. A
// photo's stored image goes with it, unless the website shows it (409 naming the page).

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const PASSWORD = "Snag-Delete-Grid-Level-52";
const ids = {} as Record<"owner" | "office" | "editor" | "crew" | "otherCrew", number>;
const cookies = {} as Record<keyof typeof ids, string>;
let mine: TestJob;
let theirs: TestJob;

const tomorrow = (hours: number) => new Date(Date.now() + 86_400_000 + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestDatabase();
  const { db } = t.database;
  const password = await hashPassword(PASSWORD);
  for (const role of ["owner", "office", "editor", "crew", "otherCrew"] as const) {
    const [row] = await db
      .insert(users)
      .values({ username: `delete-${role}`, password, role: role === "otherCrew" ? "crew" : role })
      .returning();
    ids[role] = row!.id;
  }
  mine = await insertTestJob(db, { days: [{ start: tomorrow(8), end: tomorrow(16), staffIds: [ids.crew] }] });
  theirs = await insertTestJob(db, { days: [{ start: tomorrow(8), end: tomorrow(16), staffIds: [ids.otherCrew] }] });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  for (const name of Object.keys(ids) as Array<keyof typeof ids>)
    cookies[name] = await signIn(site.origin, `delete-${name}`, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (who: keyof typeof ids, method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, path, body, { cookie: cookies[who] });

/** A site photo's image as the office sees it (it is staff's only until a project shows it). */
const image = (url: string) => fetch(`${site.origin}${url}`, { headers: { cookie: cookies.office } });

const addSnag = async (jobId: number, text: string, photoId: number | null = null) => {
  const added = await api("crew", "POST", `/api/admin/jobs/${jobId}/snags`, { text, photoId });
  expect(added.status).toBe(201);
  return added.body.id as number;
};

/** A site photo sent as the crew's phone sends it: its id and the upload behind it. */
async function addPhoto(jobId: number, who: keyof typeof ids = "crew") {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#9aa8b6" } })
    .jpeg()
    .toBuffer();
  const added = await postBytes(site.origin, `/api/admin/jobs/${jobId}/photos?stage=during`, jpeg, "image/jpeg", {
    cookie: cookies[who],
  });
  expect(added.status).toBe(201);
  const [row] = await t.database.db.select().from(jobPhotos).where(eq(jobPhotos.id, added.body.id));
  return { id: added.body.id as number, url: added.body.url as string, uploadId: row!.uploadId };
}

const auditRows = (action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(mine.job.id))));

describe("DELETE /api/admin/jobs/{id}/snags/{snagId}", () => {
  it("deletes a snag for the crew on the job: gone from the card and the client's page, in the audit log", async () => {
    const kept = await addSnag(mine.job.id, "Gap at the wall angle, kitchen");
    const mistake = await addSnag(mine.job.id, "Wrong job: belongs on the Swords fit-out");
    expect(await (await fetch(`${site.origin}/j/${mine.job.token}`)).text()).toContain("Wrong job: belongs on");

    const deleted = await api("crew", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${mistake}`);
    expect(deleted.status).toBe(204);
    const card = await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/card`);
    expect(card.body.snags.map((s: { id: number }) => s.id)).toEqual([kept]);
    const page = await (await fetch(`${site.origin}/j/${mine.job.token}`)).text();
    expect(page).not.toContain("Wrong job: belongs on");
    expect(page).toContain("Gap at the wall angle, kitchen");

    const [row] = await auditRows("job.snag-delete");
    expect(row).toMatchObject({
      userId: ids.crew,
      username: "delete-crew",
      targetType: "job",
      summary: `Deleted the snag "Wrong job: belongs on the Swords fit-out" from job ${mine.job.number}`,
      details: { snagId: mistake },
    });

    // Once gone, it is not there to delete again.
    const again = await api("crew", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${mistake}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: NO_SUCH_SNAG_MESSAGE });
  });

  it("lets the office delete on any job, and answers 404 for an unknown or another job's snag", async () => {
    const snag = await addSnag(mine.job.id, "Office deletes this one");
    expect((await api("office", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${snag}`)).status).toBe(204);
    const onTheirs = await api("office", "POST", `/api/admin/jobs/${theirs.job.id}/snags`, { text: "Not on mine" });
    for (const snagId of ["999999", "abc", "0", String(onTheirs.body.id)]) {
      const answer = await api("owner", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${snagId}`);
      expect(answer.status, snagId).toBe(404);
      expect(answer.body).toEqual({ message: NO_SUCH_SNAG_MESSAGE });
    }
    const noJob = await api("owner", "DELETE", `/api/admin/jobs/999999/snags/${onTheirs.body.id}`);
    expect(noJob.status).toBe(404);
    expect(noJob.body).toEqual({ message: NO_SUCH_JOB_MESSAGE });
    // The other job's snag is still there.
    const card = await api("office", "GET", `/api/admin/jobs/${theirs.job.id}/card`);
    expect(card.body.snags.map((s: { id: number }) => s.id)).toEqual([onTheirs.body.id]);
  });

  it("refuses crew not on the job and editors with 403, and a closed job's card with 409", async () => {
    const snag = await addSnag(mine.job.id, "Stays put");
    const notOnJob = await api("otherCrew", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${snag}`);
    expect(notOnJob.status).toBe(403);
    expect(notOnJob.body).toEqual({ message: NOT_ON_JOB_MESSAGE });
    expect((await api("editor", "DELETE", `/api/admin/jobs/${mine.job.id}/snags/${snag}`)).status).toBe(403);

    const closed = await insertTestJob(t.database.db, {
      status: "complete",
      days: [{ start: tomorrow(1), end: tomorrow(2), staffIds: [ids.crew] }],
    });
    const [onClosed] = await t.database.db
      .insert(jobSnags)
      .values({ jobId: closed.job.id, text: "On the record" })
      .returning();
    const refused = await api("crew", "DELETE", `/api/admin/jobs/${closed.job.id}/snags/${onClosed!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: CARD_CLOSED_MESSAGE });

    const left = await t.database.db.select({ id: jobSnags.id }).from(jobSnags);
    expect(left.map((s) => s.id)).toEqual(expect.arrayContaining([snag, onClosed!.id]));
  });
});

describe("DELETE /api/admin/jobs/{id}/photos/{photoId}", () => {
  it("deletes a photo and its stored image; a snag that showed it keeps its words", async () => {
    const photo = await addPhoto(mine.job.id);
    const snag = await addSnag(mine.job.id, "Crack in the tile in this photo", photo.id);
    expect((await image(photo.url)).status).toBe(200);

    const deleted = await api("crew", "DELETE", `/api/admin/jobs/${mine.job.id}/photos/${photo.id}`);
    expect(deleted.status).toBe(204);
    const { db } = t.database;
    expect(await db.select().from(uploads).where(eq(uploads.id, photo.uploadId))).toEqual([]);
    expect(await db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, photo.uploadId))).toEqual([]);
    expect((await image(photo.url)).status).toBe(404);

    const card = await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/card`);
    expect(card.body.photos.map((p: { id: number }) => p.id)).not.toContain(photo.id);
    expect(card.body.snags.find((s: { id: number }) => s.id === snag)).toMatchObject({
      text: "Crack in the tile in this photo",
      photoId: null,
    });
    const [row] = await auditRows("job.photo-delete");
    expect(row).toMatchObject({
      userId: ids.crew,
      summary: `Deleted a during photo from job ${mine.job.number}`,
      details: { photoId: photo.id },
    });

    const again = await api("crew", "DELETE", `/api/admin/jobs/${mine.job.id}/photos/${photo.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: NO_SUCH_PHOTO_MESSAGE });
  });

  it("answers 404 for an unknown or another job's photo, 403 for crew not on the job and editors", async () => {
    const onTheirs = await addPhoto(theirs.job.id, "otherCrew");
    for (const photoId of ["999999", "x1", String(onTheirs.id)]) {
      const answer = await api("office", "DELETE", `/api/admin/jobs/${mine.job.id}/photos/${photoId}`);
      expect(answer.status, photoId).toBe(404);
      expect(answer.body).toEqual({ message: NO_SUCH_PHOTO_MESSAGE });
    }
    const notOnJob = await api("crew", "DELETE", `/api/admin/jobs/${theirs.job.id}/photos/${onTheirs.id}`);
    expect(notOnJob.status).toBe(403);
    expect(notOnJob.body).toEqual({ message: NOT_ON_JOB_MESSAGE });
    expect((await api("editor", "DELETE", `/api/admin/jobs/${theirs.job.id}/photos/${onTheirs.id}`)).status).toBe(403);
    expect((await image(onTheirs.url)).status).toBe(200);
    // The owner may, as they may add one.
    expect((await api("owner", "DELETE", `/api/admin/jobs/${theirs.job.id}/photos/${onTheirs.id}`)).status).toBe(204);
  });

  it("refuses (409, naming the page) a photo the website shows, and keeps it and its image", async () => {
    const photo = await addPhoto(mine.job.id);
    const { db } = t.database;
    // A project page showing the job's photo (what "Publish as a project" writes).
    await db.insert(projects).values({
      title: "Dental clinic ceiling in Sandyford",
      description: "A suspended ceiling.",
      imageSrc: photo.url,
      altText: "The finished ceiling",
      photos: [{ uploadId: photo.uploadId, src: photo.url, alt: "The finished ceiling", width: 900, height: 600 }],
    });
    const refused = await api("office", "DELETE", `/api/admin/jobs/${mine.job.id}/photos/${photo.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        "This photo is on the website (the project page “Dental clinic ceiling in Sandyford”). Take it off there first, then delete it here.",
    });
    expect(await db.select().from(jobPhotos).where(eq(jobPhotos.id, photo.id))).toHaveLength(1);
    // On the website, anyone may see it.
    expect((await fetch(`${site.origin}${photo.url}`)).status).toBe(200);
  });

  it("refuses a closed job's photo with 409", async () => {
    const photo = await addPhoto(mine.job.id);
    await t.database.db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, mine.job.id));
    try {
      const refused = await api("office", "DELETE", `/api/admin/jobs/${mine.job.id}/photos/${photo.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: CARD_CLOSED_MESSAGE });
      expect((await image(photo.url)).status).toBe(200);
    } finally {
      await t.database.db.update(jobs).set({ status: "scheduled" }).where(eq(jobs.id, mine.job.id));
    }
  });
});
