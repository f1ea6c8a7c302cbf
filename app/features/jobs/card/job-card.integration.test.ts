import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactEvents, emailOutbox, jobPhotos, jobs, uploadVariants, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import type { MailMessage } from "~/features/mail/mailer.server";
import { callApi, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { insertTestJob, TEST_CHECKLIST, type TestJob } from "../../../../tests/support/jobs-fixture";
import { createTestDatabase, makeTempDir, type TestDatabase } from "../../../../tests/support/test-database";
import { SPOOL_FOLDER } from "~/features/uploads/spool.server";
import { NOT_ON_JOB_MESSAGE } from "./job-access.server";
import { SIGN_OFF_MESSAGES_409 } from "./job-card-rules";

// The job card and the client's sign-off through the built server (issue 37): crew reach only the
// jobs a day lists them on; ticks and snags record who and when; a photo that carried GPS, EXIF,
// XMP and IPTC is stored without any of it, at most 2560 px; PDFs only as documents; sign-off
// once, only while snagging, and its handover pack read back as text.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
const sent: MailMessage[] = [];
const PASSWORD = "Job-Card-Grid-Level-47";
const ids = {} as Record<"owner" | "office" | "editor" | "crew" | "otherCrew", number>;
const cookies = {} as Record<keyof typeof ids, string>;
let mine: TestJob;
let theirs: TestJob;
const DOCUMENT_LIMIT = 64 * 1024;

let dataDir: string;

const tomorrow = (hours: number) => new Date(Date.now() + 86_400_000 + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestDatabase();
  const { db } = t.database;
  const password = await hashPassword(PASSWORD);
  for (const [name, role] of [
    ["owner", "owner"],
    ["office", "office"],
    ["editor", "editor"],
    ["crew", "crew"],
    ["otherCrew", "crew"],
  ] as const) {
    const [row] = await db
      .insert(users)
      .values({ username: `card-${name}`, fullName: name === "crew" ? "Ailbhe Walsh" : "", password, role })
      .returning();
    ids[name] = row!.id;
  }
  mine = await insertTestJob(db, {
    withLead: true,
    days: [{ start: tomorrow(8), end: tomorrow(16), staffIds: [ids.crew, ids.otherCrew] }],
  });
  theirs = await insertTestJob(db, { days: [{ start: tomorrow(8), end: tomorrow(16), staffIds: [ids.otherCrew] }] });
  dataDir = makeTempDir("job-card-data-");
  site = await serveBuiltApp(t.database, {
    env: { RATE_LIMIT_FACTOR: "1000", JOB_DOCUMENT_MAX_BYTES: String(DOCUMENT_LIMIT), DATA_DIR: dataDir },
    transport: { send: async (message) => void sent.push(message), close: () => {} },
  });
  for (const name of Object.keys(ids) as Array<keyof typeof ids>)
    cookies[name] = await signIn(site.origin, `card-${name}`, PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The photos being received (spoolBody's folder): each file goes once its upload is answered. */
const spooled = () => fs.readdirSync(path.join(dataDir, SPOOL_FOLDER));

const api = (who: keyof typeof ids, method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, path, body, { cookie: cookies[who] });

async function upload(who: keyof typeof ids, path: string, bytes: Buffer, type: string) {
  const res = await fetch(`${site.origin}${path}`, {
    method: "POST",
    headers: { cookie: cookies[who], "content-type": type },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : null };
}

/** A JPEG's APP13 (Photoshop) segment with one IPTC record, By-line (2:80). */
function withIptc(jpeg: Buffer, byline: string): Buffer {
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0, byline.length]), Buffer.from(byline, "latin1")]);
  const padded = record.length % 2 ? Buffer.concat([record, Buffer.from([0])]) : record;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length);
  const resource = Buffer.concat([Buffer.from("8BIM", "latin1"), Buffer.from([0x04, 0x04, 0, 0]), size, padded]);
  const body = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xed]), length, body, jpeg.subarray(2)]);
}

/**
 * A 4000 × 3000 (12 MP) phone photo with the camera, its GPS position, XMP and IPTC; `orientation`
 * 6 is a phone held upright (the pixels stored sideways, the EXIF tag saying turn them).
 */
async function phonePhoto(orientation = 1): Promise<Buffer> {
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SecretXmpCreator</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
  // Noise, so the JPEG is the size of a real photo (a flat colour compresses to nothing).
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#7a8fa6",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .withExif({
      IFD0: { Make: "SecretPhoneMake", Model: "SecretPhoneModel" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 27/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "6/1 13/1 0/1" },
    })
    .withXmp(xmp)
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
  return withIptc(noise, "SecretIptcByline");
}

describe("crew see only the jobs they are on", () => {
  it("lists a crew member's own jobs and refuses another job's card and calls with 403", async () => {
    const list = await api("crew", "GET", "/api/admin/my-jobs");
    expect(list.status).toBe(200);
    expect(list.body.items.map((j: { id: number }) => j.id)).toEqual([mine.job.id]);
    const other = await api("otherCrew", "GET", "/api/admin/my-jobs");
    expect(other.body.items.map((j: { id: number }) => j.id).sort()).toEqual([mine.job.id, theirs.job.id].sort());

    expect((await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/card`)).status).toBe(200);
    for (const [method, path, body] of [
      ["GET", `/api/admin/jobs/${theirs.job.id}/card`, undefined],
      ["PUT", `/api/admin/jobs/${theirs.job.id}/checklist/${theirs.checklistIds[0]}`, { done: true }],
      ["POST", `/api/admin/jobs/${theirs.job.id}/snags`, { text: "Not mine" }],
    ] as const) {
      const answer = await api("crew", method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ message: NOT_ON_JOB_MESSAGE });
    }
    const photo = await upload(
      "crew",
      `/api/admin/jobs/${theirs.job.id}/photos?stage=before`,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
    expect(photo.status).toBe(403);
    // The office sees every job; an editor none; crew nothing outside their jobs.
    expect((await api("office", "GET", `/api/admin/jobs/${theirs.job.id}/card`)).status).toBe(200);
    expect((await api("editor", "GET", `/api/admin/jobs/${mine.job.id}/card`)).status).toBe(403);
    expect((await api("crew", "GET", "/api/admin/contacts")).status).toBe(403);
    expect((await api("crew", "GET", "/api/admin/quotes")).status).toBe(403);
    // Nothing changed on the other job.
    const card = await api("office", "GET", `/api/admin/jobs/${theirs.job.id}/card`);
    expect(card.body.checklist.every((i: { done: boolean }) => !i.done)).toBe(true);
    expect(card.body.snags).toEqual([]);
  });

  it("sends crew from the admin home to My Jobs, and opens only their own job card", async () => {
    const home = await fetch(`${site.origin}/admin`, { headers: { cookie: cookies.crew }, redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/admin/my-jobs");
    const list = await fetch(`${site.origin}/admin/my-jobs`, { headers: { cookie: cookies.crew } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(mine.job.number);
    expect(
      (await fetch(`${site.origin}/admin/jobs/${mine.job.id}`, { headers: { cookie: cookies.crew } })).status,
    ).toBe(200);
    const refused = await fetch(`${site.origin}/admin/jobs/${theirs.job.id}`, { headers: { cookie: cookies.crew } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(theirs.job.number);
  });
});

describe("the checklist and snags record who and when", () => {
  it("ticks an item for the crew member and refuses a bad tick", async () => {
    const itemId = mine.checklistIds[1]!;
    const ticked = await api("crew", "PUT", `/api/admin/jobs/${mine.job.id}/checklist/${itemId}`, { done: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({
      id: itemId,
      label: TEST_CHECKLIST[1],
      done: true,
      doneBy: { id: ids.crew, name: "Ailbhe Walsh" },
    });
    expect(Date.now() - new Date(ticked.body.doneAt).getTime()).toBeLessThan(60_000);
    const bad = await api("crew", "PUT", `/api/admin/jobs/${mine.job.id}/checklist/${itemId}`, { done: "yes" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(["done"]);
    expect(
      (await api("crew", "PUT", `/api/admin/jobs/${mine.job.id}/checklist/${theirs.checklistIds[0]}`, { done: true }))
        .status,
    ).toBe(404);
    const undone = await api("office", "PUT", `/api/admin/jobs/${mine.job.id}/checklist/${itemId}`, { done: false });
    expect(undone.body).toMatchObject({ done: false, doneBy: null, doneAt: null });
  });

  it("adds a snag, refuses a blank one, and closes it with who and when", async () => {
    const blank = await api("crew", "POST", `/api/admin/jobs/${mine.job.id}/snags`, { text: "   " });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.fieldErrors)).toEqual(["text"]);
    const added = await api("crew", "POST", `/api/admin/jobs/${mine.job.id}/snags`, {
      text: "Chipped tile by the door",
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: "Chipped tile by the door",
      photoId: null,
      closedAt: null,
      closedBy: null,
    });
    const closed = await api("crew", "PUT", `/api/admin/jobs/${mine.job.id}/snags/${added.body.id}`, { closed: true });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: added.body.id, closedBy: { id: ids.crew, name: "Ailbhe Walsh" } });
    expect(closed.body.closedAt).toEqual(expect.any(String));
    const card = await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/card`);
    expect(card.body.snags).toHaveLength(1);
  });
});

describe("site photos", () => {
  it("stores a 12 MP phone photo at most 2560 px with no EXIF, GPS, XMP or IPTC left in any variant", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect([Boolean(before.exif), Boolean(before.xmp), Boolean(before.iptc)]).toEqual([true, true, true]);
    expect(photo.includes("SecretPhoneMake")).toBe(true);

    const started = Date.now();
    const answer = await upload("crew", `/api/admin/jobs/${mine.job.id}/photos?stage=after`, photo, "image/jpeg");
    const ms = Date.now() - started;
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/uploads\/[a-f0-9]{16}-2560\.jpg$/),
      stage: "after",
      width: 2560,
      height: 1920,
    });
    // The goal is under 3 s on a quiet machine; a shared, loaded test machine gets slack.
    expect(ms).toBeLessThan(15_000);

    const [row] = await t.database.db.select().from(jobPhotos).where(eq(jobPhotos.id, answer.body.id));
    const variants = await t.database.db
      .select()
      .from(uploadVariants)
      .where(eq(uploadVariants.uploadId, row!.uploadId));
    expect(variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual(
      ["jpeg-400", "jpeg-720", "jpeg-800", "jpeg-1200", "jpeg-2560"].sort(),
    );
    for (const v of variants) {
      const meta = await sharp(v.bytes).metadata();
      expect([meta.width, meta.height], `jpeg-${v.width}`).toEqual([v.width, Math.round((v.width * 3) / 4)]);
      expect(v.height).toBe(meta.height);
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
      for (const secret of [
        "SecretPhoneMake",
        "SecretPhoneModel",
        "SecretXmpCreator",
        "SecretIptcByline",
        "Photoshop 3.0",
        "Exif\0",
      ])
        expect(v.bytes.includes(secret), `${v.format}-${v.width} carries ${secret}`).toBe(false);
    }
    const served = await fetch(`${site.origin}${answer.body.url}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();
    // The upload was received into a file, read from there, and the file goes once answered.
    await expect.poll(spooled, { timeout: 5_000, interval: 20 }).toEqual([]);
  }, 60_000);

  it("stores a photo taken upright the right way up, at 1920 × 2560 and every smaller width", async () => {
    const photo = await phonePhoto(6);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const answer = await upload("crew", `/api/admin/jobs/${mine.job.id}/photos?stage=before`, photo, "image/jpeg");
    expect(answer.status).toBe(201);
    expect([answer.body.width, answer.body.height]).toEqual([1920, 2560]);
    const [row] = await t.database.db.select().from(jobPhotos).where(eq(jobPhotos.id, answer.body.id));
    const variants = await t.database.db
      .select()
      .from(uploadVariants)
      .where(eq(uploadVariants.uploadId, row!.uploadId))
      .orderBy(uploadVariants.width);
    const sizes = [];
    for (const v of variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.orientation, `jpeg-${v.width}`).toBeUndefined();
      sizes.push([meta.width, meta.height]);
    }
    expect(sizes).toEqual([
      [400, 533],
      [720, 960],
      [800, 1067],
      [1200, 1600],
      [1920, 2560],
    ]);
  }, 60_000);

  it("stores two photos sent at the same moment, working on one at a time (the server's memory peak)", async () => {
    const photos = await Promise.all([phonePhoto(), phonePhoto()]);
    // sharp's own count of images being decoded or encoded on libuv's threads right now.
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
    try {
      const answers = await Promise.all(
        photos.map((photo) =>
          upload("crew", `/api/admin/jobs/${mine.job.id}/photos?stage=during`, photo, "image/jpeg"),
        ),
      );
      expect(answers.map((a) => [a.status, a.body.width, a.body.height])).toEqual([
        [201, 2560, 1920],
        [201, 2560, 1920],
      ]);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(1);
  }, 120_000);

  it("refuses a photo without a stage, or one that is not an image, storing nothing", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const count = async () => (await t.database.db.select().from(jobPhotos)).length;
    const was = await count();
    const noStage = await upload("crew", `/api/admin/jobs/${mine.job.id}/photos?stage=sideways`, jpeg, "image/jpeg");
    expect(noStage.status).toBe(400);
    expect(noStage.body.fieldErrors).toEqual({ stage: "Say which stage the photo shows: before, during or after" });
    const notImage = await upload(
      "crew",
      `/api/admin/jobs/${mine.job.id}/photos?stage=before`,
      Buffer.from("%PDF-1.4 not a photo"),
      "image/jpeg",
    );
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe("Only JPEG, PNG, WebP and AVIF images can be uploaded.");
    expect(await count()).toBe(was);
    await expect.poll(spooled, { timeout: 5_000, interval: 20 }).toEqual([]);
  });

  it("keeps nothing of a photo whose upload was cut off, and stores nothing", async () => {
    const count = async () => (await t.database.db.select().from(jobPhotos)).length;
    const was = await count();
    // What a phone had sent of a 3 MB photo when its signal went: the first megabyte.
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(3_000_000)]);
    const req = http.request(`${site.origin}/api/admin/jobs/${mine.job.id}/photos?stage=after`, {
      method: "POST",
      headers: { cookie: cookies.crew, "content-type": "image/jpeg", "content-length": String(photo.length) },
    });
    req.on("error", () => {});
    req.write(photo.subarray(0, 1_000_000));
    // Half-received: on disk, not in memory.
    await expect.poll(spooled, { timeout: 5_000, interval: 20 }).toHaveLength(1);
    req.destroy();
    await expect.poll(spooled, { timeout: 5_000, interval: 20 }).toEqual([]);
    expect(await count()).toBe(was);
  });
});

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

describe("documents", () => {
  it("takes a PDF, serves it back to those on the job, and refuses anything else", async () => {
    const bytes = pdf("Fire-rating certificate");
    const added = await upload(
      "crew",
      `/api/admin/jobs/${mine.job.id}/documents?name=${encodeURIComponent("Fire rating certificate")}`,
      bytes,
      "application/pdf",
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      name: "Fire rating certificate.pdf",
      byteSize: bytes.length,
      url: `/api/admin/jobs/${mine.job.id}/documents/${added.body.id}`,
    });
    const download = await fetch(`${site.origin}${added.body.url}`, { headers: { cookie: cookies.crew } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // Signed out: 401; crew of another job only: 403.
    expect((await fetch(`${site.origin}${added.body.url}`)).status).toBe(401);
    const outsider = await insertTestJob(t.database.db, {
      days: [{ start: tomorrow(1), end: tomorrow(2), staffIds: [ids.crew] }],
    });
    expect((await api("crew", "GET", `/api/admin/jobs/${outsider.job.id}/documents/${added.body.id}`)).status).toBe(
      404,
    );

    const notPdf = await upload(
      "crew",
      `/api/admin/jobs/${mine.job.id}/documents?name=Photo`,
      Buffer.from("GIF89a..."),
      "application/pdf",
    );
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.message).toBe("Only PDF documents can be added.");
    const noName = await upload("crew", `/api/admin/jobs/${mine.job.id}/documents`, bytes, "application/pdf");
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.fieldErrors)).toEqual(["name"]);
    const tooLarge = await upload(
      "crew",
      `/api/admin/jobs/${mine.job.id}/documents?name=Big`,
      Buffer.concat([bytes, Buffer.alloc(DOCUMENT_LIMIT)]),
      "application/pdf",
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/^The document is too large: at most /);
    const card = await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/card`);
    expect(card.body.documents.map((d: { name: string }) => d.name)).toEqual(["Fire rating certificate.pdf"]);
  });
});

describe("sign-off and the handover pack", () => {
  const signOff = (token: string, body: unknown) => callApi(site.origin, "POST", `/j/${token}/sign-off`, body);

  it("answers 404 for an unknown link, and shows the page privately", async () => {
    const unknown = await fetch(`${site.origin}/j/${"x".repeat(24)}`);
    expect(unknown.status).toBe(404);
    const page = await fetch(`${site.origin}/j/${mine.job.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain("Chipped tile by the door");
    expect(html).toMatch(/Crew: (<!-- -->)?Ailbhe Walsh, card-otherCrew/);
    expect(html).not.toContain("Sign off the job");
    expect((await fetch(`${site.origin}/j/${mine.job.token}/handover.pdf`)).status).toBe(404);
  });

  it("refuses a sign-off before the job is snagging (409) and bad input (400 naming the field)", async () => {
    const early = await signOff(mine.job.token, { name: "Aoife Test", agree: true });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: SIGN_OFF_MESSAGES_409["not-ready"] });
    await t.database.db.update(jobs).set({ status: "snagging" }).where(eq(jobs.id, mine.job.id));
    const noAgree = await signOff(mine.job.token, { name: "Aoife Test", agree: false });
    expect(noAgree.status).toBe(400);
    expect(Object.keys(noAgree.body.fieldErrors)).toEqual(["agree"]);
    const noName = await signOff(mine.job.token, { agree: true });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.fieldErrors)).toEqual(["name"]);
    const badSignature = await signOff(mine.job.token, {
      name: "Aoife Test",
      agree: true,
      signature: "data:image/png;base64,AAAA",
    });
    expect(badSignature.status).toBe(400);
    expect(Object.keys(badSignature.body.fieldErrors)).toEqual(["signature"]);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, mine.job.id));
    expect(job!.status).toBe("snagging");
  });

  it("signs off once: the job complete, the lead's timeline, both e-mails with the pack and documents; twice is 409", async () => {
    const page = await (await fetch(`${site.origin}/j/${mine.job.token}`)).text();
    expect(page).toContain("Sign off the job");
    const ok = await signOff(mine.job.token, { name: "Aoife Test-Signer", agree: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      number: mine.job.number,
      status: "complete",
      signOff: { name: "Aoife Test-Signer" },
    });
    const again = await signOff(mine.job.token, { name: "Someone Else", agree: true });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SIGN_OFF_MESSAGES_409.signed });

    const { db } = t.database;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, mine.job.id));
    expect(job!.status).toBe("complete");
    expect(job!.completedAt).not.toBeNull();
    const events = await db.select().from(contactEvents).where(eq(contactEvents.submissionId, mine.leadId!));
    expect(events.map((e) => e.changes)).toContainEqual({ job: [mine.job.number, "signed off by Aoife Test-Signer"] });
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, mine.leadId!));
    // Staff told, the handover pack, and (issue 39) the client asked for a review.
    expect(queued.map((m) => m.kind).sort()).toEqual(["job-handover", "job-signed-off", "review-request"]);

    // The card is now the job's record.
    const late = await api("crew", "PUT", `/api/admin/jobs/${mine.job.id}/checklist/${mine.checklistIds[0]}`, {
      done: true,
    });
    expect(late.status).toBe(409);

    // The sign-off kicked the outbox; the pack is made in the PDF workers as the e-mail goes.
    await site.services.outbox.processDue();
    const isHandover = (m: MailMessage) => m.subject.startsWith(`Your handover pack for job ${mine.job.number}`);
    await expect.poll(() => sent.some(isHandover), { timeout: 30_000 }).toBe(true);
    const handover = sent.find(isHandover);
    expect(handover?.to).toBe(queued.find((m) => m.kind === "job-handover")!.toAddress);
    expect(handover?.attachments?.map((a) => a.filename)).toEqual([
      expect.stringMatching(new RegExp(`${mine.job.number}-handover\\.pdf$`)),
      "Fire rating certificate.pdf",
    ]);
    expect(sent.some((m) => m.subject === `Job ${mine.job.number} signed off by Aoife Test-Signer`)).toBe(true);

    for (const [path, headers] of [
      [`/j/${mine.job.token}/handover.pdf`, {}],
      [`/api/admin/jobs/${mine.job.id}/handover.pdf`, { cookie: cookies.office }],
    ] as const) {
      const res = await fetch(`${site.origin}${path}`, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const text = execFileSync("pdftotext", ["-", "-"], { input: Buffer.from(await res.arrayBuffer()) }).toString(
        "utf8",
      );
      for (const expected of [
        `Handover pack: job ${mine.job.number}`,
        "Suspended ceiling, 600 × 600 tiles",
        "Ailbhe Walsh, card-otherCrew",
        "Chipped tile by the door",
        "closed",
        "Fire rating certificate.pdf",
        "Signed off by Aoife Test-Signer",
        "Photos after the work",
      ])
        expect(text, expected).toContain(expected);
    }
    // Crew may not download the pack through the staff API.
    expect((await api("crew", "GET", `/api/admin/jobs/${mine.job.id}/handover.pdf`)).status).toBe(403);
  }, 60_000);

  it("puts at most 30 after photos in the pack, as their 800 px variants", async () => {
    const many = await insertTestJob(t.database.db, {
      days: [{ start: tomorrow(20), end: tomorrow(22), staffIds: [ids.crew] }],
    });
    for (let i = 0; i < 31; i++) {
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: { r: 40 + i * 6, g: 120, b: 160 } },
      })
        .jpeg()
        .toBuffer();
      const answer = await upload("crew", `/api/admin/jobs/${many.job.id}/photos?stage=after`, photo, "image/jpeg");
      expect(answer.status).toBe(201);
    }
    await t.database.db.update(jobs).set({ status: "snagging" }).where(eq(jobs.id, many.job.id));
    expect((await signOff(many.job.token, { name: "Ciara Doyle", agree: true })).status).toBe(200);
    const res = await fetch(`${site.origin}/j/${many.job.token}/handover.pdf`);
    expect(res.status).toBe(200);
    const dir = makeTempDir("handover-");
    const file = path.join(dir, "pack.pdf");
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    // page num type width height …: one line per image after the two header lines.
    const images = execFileSync("pdfimages", ["-list", file])
      .toString("utf8")
      .split("\n")
      .slice(2)
      .filter((line) => line.trim());
    fs.rmSync(dir, { recursive: true, force: true });
    expect(images).toHaveLength(30);
    for (const line of images) expect(line.trim().split(/\s+/).slice(3, 5)).toEqual(["800", "600"]);
  }, 120_000);
});
