import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactEvents, emailOutbox, jobs, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import type { MailMessage } from "~/features/mail/mailer.server";
import { callApi, postBytes, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { insertTestJob, TEST_CHECKLIST, type TestJob } from "../../../../tests/support/jobs-fixture";
import { createTestDatabase, makeTempDir, type TestDatabase } from "../../../../tests/support/test-database";
import { NOT_ON_JOB_MESSAGE } from "./job-access.server";
import { SIGN_OFF_MESSAGES_409 } from "./job-card-rules";

// The job card and the client's sign-off through the built server (issue 37): crew reach only the
// jobs a day lists them on; ticks and snags record who and when; PDFs only as documents; sign-off
// once, only while snagging, and its handover pack read back as text. Site photos:
// job-card-photos.integration.test.ts.

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

const api = (who: keyof typeof ids, method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, path, body, { cookie: cookies[who] });

const upload = (who: keyof typeof ids, path: string, bytes: Buffer, type: string) =>
  postBytes(site.origin, path, bytes, type, { cookie: cookies[who] });

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
    // The crew's photo of the finished ceiling, for the pack's "after" page.
    const finished = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#dfe3e8" } })
      .jpeg()
      .toBuffer();
    const photo = await upload("crew", `/api/admin/jobs/${mine.job.id}/photos?stage=after`, finished, "image/jpeg");
    expect(photo.status).toBe(201);
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
