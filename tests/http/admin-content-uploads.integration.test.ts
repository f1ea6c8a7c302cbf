import { Readable } from "node:stream";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uploads, uploadVariants, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { addMissingUploadWidths } from "~/features/uploads/uploads.server";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Project image uploads (POST /api/admin/uploads) and their variants (GET /uploads/…), stored in
// the database so every server sharing it can serve them.

const MAX_BYTES = 300_000;
let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "siobhan", password: await hashPassword("Suspended-Grid-42") });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000", UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "siobhan", password: "Suspended-Grid-42" }),
  });
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

type UploadAnswer = { id: string; src: string; width: number; height: number; variants: string[]; message?: string };

async function upload(
  body: Uint8Array | ReadableStream,
  { type = "image/jpeg", name = "photo.jpg", signedIn = true } = {},
) {
  const res = await fetch(`${site.origin}/api/admin/uploads`, {
    method: "POST",
    headers: {
      "content-type": type,
      "x-file-name": encodeURIComponent(name),
      ...(signedIn ? { cookie } : {}),
      // A new connection for each upload: a test builds its image synchronously (seconds for the
      // 49,000,000-pixel strips on a loaded machine), during which the kept-alive connection of the
      // previous request passes the server's KEEP_ALIVE_TIMEOUT_MS; fetch would send on it just as
      // the server's timer closes it (ECONNRESET), since the test and the server share one event loop.
      connection: "close",
    },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as UploadAnswer };
}

/** A greyscale PNG of any declared size around the given compressed pixel data (IDAT). */
function grayPng(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A test picture: smooth colour gradients (small files), different in every corner. */
function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function jpegWithExif() {
  // Stored landscape (640×480) with EXIF orientation 6: it is shown rotated, portrait 480×640.
  return photo(640, 480)
    .jpeg({ quality: 70 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "ACME Cameras", Model: "Secret Model", Copyright: "Private" },
      IFD3: { GPSLatitudeRef: "N" },
    })
    .toBuffer();
}

describe("POST /api/admin/uploads", () => {
  it("re-encodes a JPEG into AVIF, WebP and JPEG at each width, with the EXIF data gone and the orientation applied", async () => {
    const original = await jpegWithExif();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.length).toBeLessThan(MAX_BYTES);

    const res = await upload(original, { name: "site visit.jpg" });
    expect(res.status).toBe(201);
    const { id, src, width, height, variants } = res.body;
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect({ width, height }).toEqual({ width: 480, height: 640 });
    // 480 wide: a 400 variant and one at its own width (never enlarged).
    expect(src).toBe(`/uploads/${id}-480.jpg`);
    expect(variants.sort()).toEqual(
      [`${id}-400.avif`, `${id}-400.webp`, `${id}-400.jpg`, `${id}-480.avif`, `${id}-480.webp`, `${id}-480.jpg`]
        .map((f) => `/uploads/${f}`)
        .sort(),
    );

    for (const path of variants) {
      const file = await fetch(`${site.origin}${path}`);
      expect(file.status, path).toBe(200);
      const ext = path.split(".").pop()!;
      expect(file.headers.get("content-type"), path).toBe(
        { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[ext],
      );
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(file.headers.get("content-length")).toBe(String(bytes.length));
      const meta = await sharp(bytes).metadata();
      expect(meta.format, path).toBe({ avif: "heif", webp: "webp", jpg: "jpeg" }[ext]);
      expect(meta.width, path).toBe(Number(/-(\d+)\./.exec(path)![1]));
      expect(meta.height > meta.width, `${path} is portrait`).toBe(true);
      expect(meta.exif, `${path} has no EXIF`).toBeUndefined();
      expect(meta.xmp, `${path} has no XMP`).toBeUndefined();
      expect(meta.orientation ?? 1, path).toBe(1);
      expect(bytes.includes(Buffer.from("ACME Cameras")), `${path} does not mention the camera`).toBe(false);
    }

    const [row] = await t.database.db.select().from(uploads);
    expect(row).toMatchObject({
      id,
      originalName: "site visit.jpg",
      sourceType: "image/jpeg",
      width: 480,
      height: 640,
      byteSize: original.length,
    });
  });

  it("makes 400, 720, 800 and 1200 wide variants of a large image", async () => {
    const res = await upload(await photo(1600, 900).webp({ quality: 40 }).toBuffer(), {
      type: "image/webp",
      name: "wide.webp",
    });
    expect(res.status).toBe(201);
    expect(res.body.src).toBe(`/uploads/${res.body.id}-1200.jpg`);
    expect(res.body.variants).toHaveLength(12);
    // 720: what a phone's full-width photo needs (412 CSS px at 1.75 device pixels each).
    const phone = await fetch(`${site.origin}/uploads/${res.body.id}-720.avif`);
    expect((await sharp(Buffer.from(await phone.arrayBuffer())).metadata()).width).toBe(720);
    const big = await fetch(`${site.origin}/uploads/${res.body.id}-1200.avif`);
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it("accepts PNG (transparency flattened for JPEG) and AVIF", async () => {
    const png = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const pngRes = await upload(png, { type: "image/png", name: "logo.png" });
    expect(pngRes.status).toBe(201);
    const jpeg = await fetch(`${site.origin}/uploads/${pngRes.body.id}-500.jpg`);
    const stats = await sharp(Buffer.from(await jpeg.arrayBuffer())).stats();
    expect(stats.channels[0]!.mean).toBeGreaterThan(250); // white, not black
    const avif = await photo(420, 300).avif({ quality: 40 }).toBuffer();
    expect((await upload(avif, { type: "image/avif", name: "photo.avif" })).status).toBe(201);
  });

  it("decides the type by the file's bytes: a .jpg that is really text is refused (415), whatever its Content-Type", async () => {
    const text = new TextEncoder().encode("This is not a photo, just text in a file called photo.jpg\n");
    for (const type of ["image/jpeg", "application/octet-stream", "text/plain"]) {
      const res = await upload(text, { type, name: "photo.jpg" });
      expect(res.status, type).toBe(415);
      expect(res.body.message).toBe("Only JPEG, PNG, WebP and AVIF images can be uploaded.");
    }
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect((await upload(gif, { type: "image/gif", name: "a.gif" })).status).toBe(415);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, { type: "image/svg+xml", name: "a.svg" })).status).toBe(415);
  });

  it("refuses a damaged image that starts like a JPEG (422) and an empty body (400)", async () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const res = await upload(damaged);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/could not be read/);
    expect((await upload(new Uint8Array())).status).toBe(400);
  });

  it("refuses a file over UPLOAD_MAX_BYTES (413), announced or streamed", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_BYTES, 1)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The image is too large: at most 0.3 MB.");
    // Without a Content-Length (chunked), the limit still holds.
    const streamed = await upload(
      Readable.toWeb(Readable.from([big.subarray(0, 200_000), big.subarray(200_000)])) as ReadableStream,
    );
    expect(streamed.status).toBe(413);
  });

  it("refuses a picture whose canvas is over 50 megapixels before decoding it (413)", async () => {
    const bomb = grayPng(9_000, 9_000, zlib.deflateSync(Buffer.alloc(1000)));
    const res = await upload(bomb, { type: "image/png", name: "bomb.png" });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The image is too large: at most 50 megapixels.");
  });

  it.each([
    [1, 49_000_000],
    [49_000_000, 1],
    [12_001, 100],
  ])("refuses a %d × %d picture (a side over 12,000 px) from its header, within a second (413)", async (w, h) => {
    // Real pixel data, all zero: the 1 × 49,000,000 one is a 95 KB file whose decoding took 20 s.
    const rows = Buffer.alloc(Math.min(h * (w + 1), 100_000_000));
    const file = grayPng(w, h, zlib.deflateSync(rows, { level: 9 }));
    expect(file.length).toBeLessThan(MAX_BYTES);
    const started = performance.now();
    const res = await upload(file, { type: "image/png", name: "strip.png" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The image is too large: at most 12,000 pixels wide and 12,000 pixels high.");
  });

  it("takes a picture 12,000 px on its long side", async () => {
    const res = await upload(await photo(12_000, 40).png().toBuffer(), { type: "image/png", name: "frieze.png" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 12_000, height: 40 });
  });

  it("needs a session (401)", async () => {
    expect((await upload(await jpegWithExif(), { signedIn: false })).status).toBe(401);
  });
});

describe("GET /uploads/<file>", () => {
  it("answers 304 to a matching ETag and 404 for unknown or malformed names", async () => {
    const { body } = await upload(await photo(300, 200).jpeg().toBuffer());
    const first = await fetch(`${site.origin}${body.src}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fetch(`${site.origin}${body.src}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    for (const path of [
      `/uploads/${body.id}-999.jpg`,
      "/uploads/0000000000000000-400.jpg",
      `/uploads/${body.id}-300.png`,
      "/uploads/..%2Fpackage.json",
      "/uploads/x",
    ]) {
      expect((await fetch(`${site.origin}${path}`)).status, path).toBe(404);
    }
  });
});

describe("uploads stored before the 720 width existed", () => {
  it("are served the 800 in its place for a day, until the start-up step makes their 720s once", async () => {
    const { body } = await upload(await photo(1600, 1200).jpeg().toBuffer());
    const other = (await upload(await photo(1000, 500).png().toBuffer(), { type: "image/png" })).body;
    // As an upload from before the 720 was added: no variant at that width.
    for (const id of [body.id, other.id])
      await t.database.db
        .delete(uploadVariants)
        .where(and(eq(uploadVariants.uploadId, id), eq(uploadVariants.width, 720)));
    const wider = await fetch(`${site.origin}/uploads/${body.id}-800.avif`);
    const standIn = await fetch(`${site.origin}/uploads/${body.id}-720.avif`);
    expect(standIn.status).toBe(200);
    expect(standIn.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(standIn.headers.get("content-type")).toBe("image/avif");
    expect(Buffer.from(await standIn.arrayBuffer())).toEqual(Buffer.from(await wider.arrayBuffer()));
    // Only the standard widths stand in: any other width is still not found.
    expect((await fetch(`${site.origin}/uploads/${body.id}-700.avif`)).status).toBe(404);

    expect(await addMissingUploadWidths(t.database.db)).toBe(2);
    for (const format of ["avif", "webp", "jpg"]) {
      const made = await fetch(`${site.origin}/uploads/${body.id}-720.${format}`);
      expect(made.headers.get("cache-control"), format).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await made.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif], format).toEqual([720, 540, undefined]);
    }
    const otherMade = await t.database.db
      .select({ width: uploadVariants.width, height: uploadVariants.height, format: uploadVariants.format })
      .from(uploadVariants)
      .where(and(eq(uploadVariants.uploadId, other.id), eq(uploadVariants.width, 720)));
    expect(otherMade.sort((a, b) => a.format.localeCompare(b.format))).toEqual([
      { width: 720, height: 360, format: "avif" },
      { width: 720, height: 360, format: "jpeg" },
      { width: 720, height: 360, format: "webp" },
    ]);
    // Once: nothing is left to make.
    expect(await addMissingUploadWidths(t.database.db)).toBe(0);
  });
});

describe("uploads and projects", () => {
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${site.origin}${path}`, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("the gallery serves an uploaded project image as a <picture> with AVIF, WebP and JPEG srcsets", async () => {
    const { body: image } = await upload(await photo(1300, 975).jpeg({ quality: 60 }).toBuffer());
    const res = await api("POST", "/api/admin/projects", {
      title: "Pharmacy ceiling, Swords",
      description: "New ceiling with LED panels over a weekend.",
      imageSrc: image.src,
      altText: "Pharmacy with a new white grid ceiling",
      category: "shop-ceilings",
      consent: true,
    });
    expect(res.status).toBe(201);
    // The gallery shows published projects only (issue 39).
    const { id } = (await res.json()) as { id: number };
    expect((await api("POST", `/api/admin/projects/${id}/publish`)).status).toBe(200);
    const html = await (await fetch(`${site.origin}/gallery`)).text();
    const picture = /<picture[^>]*>([\s\S]*?)<\/picture>/.exec(
      html.slice(html.indexOf(`/uploads/${image.id}`) - 200),
    )![0];
    const srcset = (format: string) =>
      [400, 720, 800, 1200].map((w) => `/uploads/${image.id}-${w}.${format} ${w}w`).join(", ");
    expect(picture).toContain(`<source type="image/avif" srcSet="${srcset("avif")}"`);
    expect(picture).toContain(`<source type="image/webp" srcSet="${srcset("webp")}"`);
    expect(picture).toContain(`src="/uploads/${image.id}-800.jpg" srcSet="${srcset("jpg")}"`);
    expect(picture).toContain('alt="Pharmacy with a new white grid ceiling"');
    for (const w of [400, 720, 800, 1200])
      expect((await fetch(`${site.origin}/uploads/${image.id}-${w}.webp`)).status).toBe(200);
  });

  it("an image a project no longer uses is deleted with its variants (replaced, or the project deleted)", async () => {
    const first = (await upload(await photo(500, 400).jpeg().toBuffer())).body;
    const second = (await upload(await photo(500, 400).png().toBuffer(), { type: "image/png" })).body;
    const project = {
      title: "Salon ceiling",
      description: "A salon ceiling in Ranelagh.",
      altText: "Salon",
      category: "hair-salon",
    };
    const created = (await (await api("POST", "/api/admin/projects", { ...project, imageSrc: first.src })).json()) as {
      id: number;
    };
    // Another project shares the second image.
    await api("POST", "/api/admin/projects", { ...project, title: "Salon ceiling (2)", imageSrc: second.src });

    await api("PUT", `/api/admin/projects/${created.id}`, { ...project, imageSrc: second.src });
    expect((await fetch(`${site.origin}${first.src}`)).status).toBe(404);
    const variantsLeft = await t.database.db.select({ id: uploadVariants.uploadId }).from(uploadVariants);
    expect(variantsLeft.some((v) => v.id === first.id)).toBe(false);

    await api("DELETE", `/api/admin/projects/${created.id}`);
    expect((await fetch(`${site.origin}${second.src}`)).status, "still used by the other project").toBe(200);
  });
});
