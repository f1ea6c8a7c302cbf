import { spawnSync } from "node:child_process";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { getEnv } from "~/env.server";
import { serveBuiltApp } from "../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";

// Issue 39: project pages. Staff make projects through the admin API of the built server; the
// public pages, the area threshold and the sitemap follow what is published (never a draft).

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";
const siteUrl = getEnv().SITE_URL;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "aoife", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "aoife", password: PASSWORD }),
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

const get = async (url: string) => {
  const res = await fetch(`${site.origin}${url}`);
  return { status: res.status, html: await res.text() };
};

/** An uploaded photo (a real JPEG through the uploads pipeline): its id. */
async function upload(colour: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await fetch(`${site.origin}/api/admin/uploads`, {
    method: "POST",
    headers: { cookie, "content-type": "image/jpeg", "x-file-name": "site.jpg" },
    body: jpeg,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const scope = (n = 160) => Array.from({ length: n }, (_, i) => (i % 12 === 11 ? "ceiling." : "grid")).join(" ");

let made = 0;
/** A project with the page's fields; `consent` ticked unless said otherwise. */
async function makeProject(fields: Record<string, unknown> = {}): Promise<Answer> {
  made++;
  return api("POST", "/api/admin/projects", {
    title: `Clinic ceiling number ${made}`,
    description: "A new grid ceiling for a clinic.",
    area: "Tallaght, Dublin 24",
    areaSlug: "meath",
    sector: "Healthcare",
    services: ["suspended-ceilings", "ceiling-repair"],
    duration: "4 working days",
    scope: scope(),
    photos: [{ src: "/images/projects/canteen-ceiling-ballymount.svg", alt: "The finished clinic ceiling" }],
    consent: true,
    ...fields,
  });
}

describe("POST /api/admin/projects/{id}/publish", () => {
  it("is refused (409) until the client's consent is recorded, then publishes (200) and the page answers", async () => {
    const draft = await makeProject({ consent: false, title: "Dental surgery partitions in Navan" });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: "draft", consentAt: null, slug: "dental-surgery-partitions-in-navan" });
    const id = draft.body.id as number;
    expect((await get("/projects/dental-surgery-partitions-in-navan")).status).toBe(404);

    const refused = await api("POST", `/api/admin/projects/${id}/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/consent/);
    expect((await api("GET", `/api/admin/projects/${id}`)).body.status).toBe("draft");

    // Staff tick "The client agreed to show this project": who and when are recorded.
    const agreed = await api("PUT", `/api/admin/projects/${id}`, { ...draft.body, consent: true });
    expect(agreed.status).toBe(200);
    expect(agreed.body.consentBy).toBe("aoife");
    expect(Date.now() - Date.parse(agreed.body.consentAt)).toBeLessThan(60_000);

    const published = await api("POST", `/api/admin/projects/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id, status: "published" });
    expect((await get("/projects/dental-surgery-partitions-in-navan")).status).toBe(200);
    expect((await get("/projects")).html).toContain("Dental surgery partitions in Navan");
    expect((await api("POST", "/api/admin/projects/999999/publish")).status).toBe(404);

    // Withdrawn consent takes the page down again.
    const withdrawn = await api("PUT", `/api/admin/projects/${id}`, { ...published.body, consent: false });
    expect(withdrawn.body).toMatchObject({ status: "draft", consentAt: null });
    expect((await get("/projects/dental-surgery-partitions-in-navan")).status).toBe(404);
  });
});

describe("slugs", () => {
  it("are made from the title, unique (-2 for the second), and an address already taken is a 400 that stores nothing", async () => {
    const first = await makeProject({ title: "Café ceiling in Ranelagh!" });
    const second = await makeProject({ title: "Café ceiling in Ranelagh!" });
    expect(first.body.slug).toBe("cafe-ceiling-in-ranelagh");
    expect(second.body.slug).toBe("cafe-ceiling-in-ranelagh-2");
    const count = (await api("GET", "/api/admin/projects")).body.length;
    const taken = await makeProject({ title: "Another café", slug: "cafe-ceiling-in-ranelagh" });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toEqual({ slug: "Another project already has this address" });
    expect((await api("GET", "/api/admin/projects")).body.length).toBe(count);
    const moved = await api("PUT", `/api/admin/projects/${second.body.id}`, {
      ...second.body,
      slug: "cafe-ceiling-in-ranelagh",
    });
    expect(moved.status).toBe(400);
  });

  it("refuses a scope outside 150–300 words and a street address as the area", async () => {
    const short = await makeProject({ scope: scope(149) });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.scope).toBe("The scope must be 150–300 words");
    const street = await makeProject({ area: "14 Harcourt Street, Dublin 2" });
    expect(street.status).toBe(400);
    expect(street.body.fieldErrors.area).toMatch(/never a street address/);
  });
});

describe("several photos through the uploads pipeline", () => {
  it("keeps their order, alt text and pairs; the first is the gallery's image; the page serves every variant", async () => {
    const [a, b, c] = [await upload("#336699"), await upload("#996633"), await upload("#669933")];
    const res = await makeProject({
      title: "Office floor in Maynooth",
      areaSlug: "kildare",
      photos: [
        { uploadId: b, alt: "After: the new ceiling", pair: "after" },
        { src: `/uploads/${a}-1200.jpg`, alt: "Before: the old ceiling", pair: "before" },
        { uploadId: c, alt: "A detail of the grid" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.photos).toEqual([
      {
        uploadId: b,
        src: `/uploads/${b}-1200.jpg`,
        alt: "After: the new ceiling",
        width: 1200,
        height: 750,
        pair: "after",
      },
      {
        uploadId: a,
        src: `/uploads/${a}-1200.jpg`,
        alt: "Before: the old ceiling",
        width: 1200,
        height: 750,
        pair: "before",
      },
      { uploadId: c, src: `/uploads/${c}-1200.jpg`, alt: "A detail of the grid", width: 1200, height: 750 },
    ]);
    expect(res.body).toMatchObject({ imageSrc: `/uploads/${b}-1200.jpg`, altText: "After: the new ceiling" });
    expect((await api("POST", `/api/admin/projects/${res.body.id}/publish`)).status).toBe(200);

    const page = (await get(`/projects/${res.body.slug}`)).html;
    // Responsive variants, width and height set, the first preloaded at high priority, the rest lazy.
    expect(page).toMatch(
      new RegExp(`<link rel="preload" as="image" type="image/avif" imageSrcSet="[^"]*${b}-400\\.avif 400w`, "i"),
    );
    for (const id of [a, b, c]) {
      expect(page).toContain(`/uploads/${id}-800.webp 800w`);
      expect(page).toContain(`/uploads/${id}-400.avif 400w`);
    }
    expect(page).toMatch(/<img [^>]*alt="After: the new ceiling"[^>]*fetchPriority="high"/i);
    expect(page).toMatch(/<img [^>]*alt="A detail of the grid"[^>]*loading="lazy"/);
    expect(page).toMatch(/<img [^>]*width="1200" height="750"/);
    // The pair shows before, then after, whatever the order of the list.
    expect(page.indexOf('alt="Before: the old ceiling"')).toBeLessThan(page.indexOf('alt="After: the new ceiling"'));
    const variant = await fetch(`${site.origin}/uploads/${c}-800.avif`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/avif");

    // A photo naming no stored upload is refused.
    const missing = await makeProject({ photos: [{ uploadId: "0123456789abcdef", alt: "Gone" }] });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.photos).toMatch(/no longer stored/);
  });

  it("still takes the old API's single image, and an old-style update keeps the other photos", async () => {
    const old = await api("POST", "/api/admin/projects", {
      title: "Canteen ceiling",
      description: "A canteen ceiling in Ballymount.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "Canteen ceiling",
    });
    expect(old.status).toBe(201);
    expect(old.body.photos).toEqual([
      {
        uploadId: null,
        src: "/images/projects/canteen-ceiling-ballymount.svg",
        alt: "Canteen ceiling",
        width: 800,
        height: 600,
      },
    ]);
    const more = await api("PUT", `/api/admin/projects/${old.body.id}`, {
      ...old.body,
      photos: [...old.body.photos, { src: "/images/projects/hair-salon-ranelagh.svg", alt: "Second photo" }],
    });
    expect(more.body.photos).toHaveLength(2);
    const renamed = await api("PUT", `/api/admin/projects/${old.body.id}`, {
      title: "Canteen ceiling, Ballymount",
      description: "A canteen ceiling in Ballymount.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "The canteen ceiling",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.photos.map((p: { alt: string }) => p.alt)).toEqual(["The canteen ceiling", "Second photo"]);
    expect(renamed.body.slug).toBe(old.body.slug);
  });
});

describe("area pages", () => {
  it("are a 404, absent from the sitemap and from /projects, until an area has three published projects", async () => {
    const inWicklow = (n: number, extra: Record<string, unknown> = {}) =>
      makeProject({ title: `Wicklow office ${n}`, areaSlug: "wicklow", area: "Bray, Co. Wicklow", ...extra });
    const ids: number[] = [];
    for (const n of [1, 2]) ids.push((await inWicklow(n)).body.id);
    // A draft does not count.
    await inWicklow(3, { consent: false });
    for (const id of ids) expect((await api("POST", `/api/admin/projects/${id}/publish`)).status).toBe(200);
    expect((await get("/areas/wicklow")).status).toBe(404);
    expect((await get("/sitemap.xml")).html).not.toContain("/areas/wicklow");
    expect((await get("/projects")).html).not.toContain('href="/areas/wicklow"');

    const third = await inWicklow(4);
    expect((await api("POST", `/api/admin/projects/${third.body.id}/publish`)).status).toBe(200);
    const area = await get("/areas/wicklow");
    expect(area.status).toBe(200);
    expect(area.html).toMatch(/<h1[^>]*>Our projects in (<!-- -->)?Wicklow<\/h1>/);
    for (const n of [1, 2, 4]) expect(area.html).toContain(`Wicklow office ${n}`);
    expect(area.html).not.toContain("Wicklow office 3");
    expect(area.html).toContain("Suspended Ceilings");
    expect((await get("/sitemap.xml")).html).toContain(`<loc>${siteUrl}/areas/wicklow</loc>`);
    expect((await get("/projects")).html).toContain('href="/areas/wicklow"');
    // The project's own page links its area once the area has a page.
    expect((await get(`/projects/${third.body.slug}`)).html).toContain('href="/areas/wicklow"');
    expect((await get("/areas/atlantis")).status).toBe(404);
  });
});

describe("a project's page", () => {
  it("is indexable, with breadcrumb, canonical, open-graph image and JSON-LD for the page and its images", async () => {
    const photo = await upload("#224466");
    const res = await makeProject({
      title: "Retail unit ceiling in Drogheda",
      photos: [
        { uploadId: photo, alt: "The shop's new ceiling" },
        { src: "/images/projects/pharmacy-ceiling-swords.svg", alt: "The till area" },
      ],
    });
    await api("POST", `/api/admin/projects/${res.body.id}/publish`);
    const { status, html } = await get(`/projects/${res.body.slug}`);
    expect(status).toBe(200);
    expect(html).not.toMatch(/noindex/);
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/projects/${res.body.slug}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${siteUrl}/uploads/${photo}-1200.jpg"/>`);
    expect(html).toMatch(
      /aria-label="Breadcrumb"[\s\S]*>Home<[\s\S]*>Projects<[\s\S]*>Retail unit ceiling in Drogheda</,
    );
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const pageLd = blocks.find((b) => b["@type"] === "WebPage");
    expect(pageLd).toMatchObject({
      "@context": "https://schema.org",
      url: `${siteUrl}/projects/${res.body.slug}`,
      name: "Retail unit ceiling in Drogheda",
      contentLocation: { "@type": "Place", name: "Tallaght, Dublin 24" },
    });
    expect(pageLd.image).toEqual([
      expect.objectContaining({
        "@type": "ImageObject",
        contentUrl: `${siteUrl}/uploads/${photo}-1200.jpg`,
        caption: "The shop's new ceiling",
        width: 1200,
        height: 750,
      }),
      expect.objectContaining({ "@type": "ImageObject", caption: "The till area", width: 800, height: 600 }),
    ]);
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Projects",
      "Retail unit ceiling in Drogheda",
    ]);
    // Services link to their pages.
    expect(html).toContain('href="/suspended-ceilings"');
    expect(html).toContain('href="/ceiling-repair"');
    // The gallery's tile links to the page.
    expect((await get("/gallery")).html).toContain(`href="/projects/${res.body.slug}"`);
  });
});

describe("/sitemap.xml", () => {
  it("lists published projects with their images, valid against the sitemap and image schemas; drafts are absent", async () => {
    const draft = await makeProject({ title: "Unpublished draft project", consent: false });
    const { html: xml } = await get("/sitemap.xml");
    const lint = spawnSync(
      "xmllint",
      ["--noout", "--schema", path.resolve("tests/support/sitemap-with-images.xsd"), "-"],
      { input: xml, encoding: "utf8" },
    );
    expect(lint.error, "xmllint must be installed (apt-get install -y libxml2-utils)").toBeUndefined();
    expect(lint.stderr.trim()).toBe("- validates");
    expect(xml).toMatch(
      new RegExp(
        `<loc>${siteUrl}/projects/retail-unit-ceiling-in-drogheda</loc>\\s*<lastmod>[^<]+</lastmod>\\s*<priority>0\\.6</priority>\\s*<image:image>\\s*<image:loc>${siteUrl}/uploads/[a-f0-9]{32}-1200\\.jpg</image:loc>\\s*</image:image>\\s*<image:image>\\s*<image:loc>${siteUrl}/images/projects/pharmacy-ceiling-swords\\.svg</image:loc>`,
      ),
    );
    expect(xml).toContain(`<loc>${siteUrl}/projects/retail-unit-ceiling-in-drogheda</loc>`);
    expect(xml).not.toContain(draft.body.slug);
    // The schema check itself fails on a broken image entry.
    const broken = spawnSync(
      "xmllint",
      ["--noout", "--schema", path.resolve("tests/support/sitemap-with-images.xsd"), "-"],
      {
        input: xml.replace("<image:loc>", "<image:location>").replace("</image:loc>", "</image:location>"),
        encoding: "utf8",
      },
    );
    expect(broken.status).not.toBe(0);
  });
});
