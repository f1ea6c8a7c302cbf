import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Spec section 7: the admin content API (pages, projects, testimonials, FAQs) on the built server,
// with the HTML cache on, so "the public site follows the admin at once" is tested for real.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
const PASSWORD = "Suspended-Grid-42";

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "siobhan", password: await hashPassword(PASSWORD) });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "siobhan", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

type Answer = { status: number; body: any; headers: Headers };

/** An admin API call, signed in unless `signedIn` is false. */
async function api(
  method: string,
  path: string,
  body?: unknown,
  { signedIn = true, raw }: { signedIn?: boolean; raw?: { type: string; text: string } } = {},
): Promise<Answer> {
  const headers: Record<string, string> = signedIn ? { cookie } : {};
  let payload: string | undefined;
  if (raw) {
    headers["content-type"] = raw.type;
    payload = raw.text;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${site.origin}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A public page as an anonymous visitor gets it (from the HTML cache when it is there). */
async function publicPage(path: string) {
  const res = await fetch(`${site.origin}${path}`);
  return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text() };
}

/** Loads a page twice so the second answer comes from the HTML cache, proving it was cached. */
async function warm(path: string) {
  await publicPage(path);
  expect((await publicPage(path)).cache, `${path} cached`).toBe("hit");
}

type ResourceCase = {
  name: string;
  path: string;
  valid: Record<string, unknown>;
  /** What the API stores for `valid` (defaults filled in, text cleaned). */
  stored: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** Spec section 5 messages for `invalid`. */
  messages: Record<string, string>;
  update: Record<string, unknown>;
};

const resources: ResourceCase[] = [
  {
    name: "pages",
    path: "/api/admin/pages",
    valid: {
      title: "  Fit-out guide ",
      slug: "fit-out-guide",
      description: "",
      content: "How a fit-out runs, step by step.",
      metaTitle: "",
      metaDescription: "",
    },
    stored: {
      title: "Fit-out guide",
      slug: "fit-out-guide",
      description: null,
      content: "How a fit-out runs, step by step.",
      metaTitle: null,
      metaDescription: null,
    },
    invalid: { title: "", slug: "Not A Slug", content: "too short" },
    messages: {
      title: "Title is required",
      slug: "Slug can only contain lowercase letters, numbers, and hyphens",
      content: "Content must be at least 10 characters",
    },
    update: {
      title: "Fit-out guide (2026)",
      slug: "fit-out-guide-2026",
      content: "How a fit-out runs, step by step, updated.",
    },
  },
  {
    name: "projects",
    path: "/api/admin/projects",
    valid: {
      title: "Clinic ceiling",
      description: "A new grid ceiling for a clinic in Tallaght.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "Clinic ceiling",
    },
    stored: { title: "Clinic ceiling", category: "shop-ceilings", featured: false, displayOrder: 0 },
    invalid: { title: "ab", description: "short", imageSrc: "/x", altText: "ab", displayOrder: 1 },
    messages: {
      title: "Title must be at least 3 characters",
      description: "Description must be at least 10 characters",
      imageSrc: "Image source is required",
      altText: "Alt text is required for accessibility",
    },
    update: {
      title: "Clinic ceiling, Tallaght",
      description: "A new grid ceiling for a clinic.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "Clinic",
      category: "repairs",
      featured: true,
      displayOrder: 3,
    },
  },
  {
    name: "testimonials",
    path: "/api/admin/testimonials",
    valid: { name: "Niamh Walsh", content: "They finished the ceiling over a weekend." },
    stored: {
      name: "Niamh Walsh",
      title: null,
      company: null,
      location: null,
      stars: 5,
      featured: false,
      displayOrder: 0,
    },
    invalid: { name: "N", content: "Great", stars: 0 },
    messages: {
      name: "Name must be at least 2 characters",
      content: "Testimonial content must be at least 10 characters",
      stars: "Minimum rating is 1 star",
    },
    update: {
      name: "Niamh Walsh",
      title: "Practice Manager",
      company: "Walsh Dental",
      location: "Swords",
      content: "They finished the ceiling over one weekend.",
      stars: 4,
      featured: true,
      displayOrder: 2,
    },
  },
  {
    name: "FAQs",
    path: "/api/admin/faqs",
    valid: { question: "Do you work weekends?", answer: "Yes, shops often need work done out of hours." },
    stored: { question: "Do you work weekends?", category: "general", displayOrder: 0 },
    invalid: { question: "Why", answer: "Because" },
    messages: { question: "Question must be at least 5 characters", answer: "Answer must be at least 10 characters" },
    update: {
      question: "Do you work at weekends?",
      answer: "Yes: shops often need work done out of hours.",
      category: "shop-ceilings",
      displayOrder: 1,
    },
  },
];

describe.each(resources)("/api/admin $name", (r) => {
  let id: number;

  it("refuses every call without a session (401)", async () => {
    for (const [method, path] of [
      ["GET", r.path],
      ["POST", r.path],
      ["PUT", `${r.path}/1`],
      ["DELETE", `${r.path}/1`],
    ] as const) {
      const res = await api(method, path, method === "POST" || method === "PUT" ? r.valid : undefined, {
        signedIn: false,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("creates (201, the stored row) and lists it; the count follows", async () => {
    const before = (await api("GET", `${r.path}/count`)).body as number;
    const created = await api("POST", r.path, r.valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(r.stored);
    expect(created.body.id).toEqual(expect.any(Number));
    id = created.body.id;
    const list = await api("GET", r.path);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id, ...r.stored })]));
    expect((await api("GET", `${r.path}/count`)).body).toBe(before + 1);
    expect((await api("GET", `${r.path}/${id}`)).body).toMatchObject({ id, ...r.stored });
  });

  it("answers 400 with the spec's message for each invalid field, on create and update", async () => {
    for (const [method, path] of [
      ["POST", r.path],
      ["PUT", `${r.path}/${id}`],
    ] as const) {
      const res = await api(method, path, r.invalid);
      expect(res.status, method).toBe(400);
      expect(res.body).toEqual({ message: "Please correct the highlighted fields.", fieldErrors: r.messages });
    }
    // Missing fields get the same messages as invalid ones.
    const empty = await api("POST", r.path, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fieldErrors).sort()).toEqual(
      Object.keys(r.messages)
        .filter((f) => f !== "stars")
        .sort(),
    );
  });

  it("answers 415 for a body that is not JSON and 400 for broken JSON", async () => {
    expect((await api("POST", r.path, undefined, { raw: { type: "text/plain", text: "title=x" } })).status).toBe(415);
    const broken = await api("POST", r.path, undefined, { raw: { type: "application/json", text: '{"title":' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("updates (200, the new row); unknown and malformed ids are 404", async () => {
    const updated = await api("PUT", `${r.path}/${id}`, r.update);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, ...r.update });
    for (const bad of ["999999", "0", "abc", "1.5", "99999999999"]) {
      const res = await api("PUT", `${r.path}/${bad}`, r.valid);
      expect(res.status, bad).toBe(404);
      expect(res.body.message).toMatch(/^There is no \w+ with this id/);
    }
  });

  it("deletes (204); the row is then gone (404)", async () => {
    const res = await api("DELETE", `${r.path}/${id}`);
    expect(res.status).toBe(204);
    expect((await api("DELETE", `${r.path}/${id}`)).status).toBe(404);
    expect((await api("GET", `${r.path}/${id}`)).status).toBe(404);
    expect(((await api("GET", r.path)).body as Array<{ id: number }>).some((row) => row.id === id)).toBe(false);
  });
});

describe("validation details", () => {
  it("display order: whole numbers; non-numeric becomes 0; fractions and negatives are refused", async () => {
    const base = { question: "How long does a repair take?", answer: "Most repairs take a single day." };
    const cases: Array<[unknown, number | string]> = [
      ["7", 7],
      [" 12 ", 12],
      ["abc", 0],
      ["", 0],
      [null, 0],
      [5, 5],
      [2.5, "Display order must be a whole number"],
      ["-1", "Display order must be 0 or more"],
    ];
    for (const [displayOrder, expected] of cases) {
      const res = await api("POST", "/api/admin/faqs", { ...base, displayOrder });
      if (typeof expected === "number") {
        expect(res.status, String(displayOrder)).toBe(201);
        expect(res.body.displayOrder).toBe(expected);
      } else {
        expect(res.status, String(displayOrder)).toBe(400);
        expect(res.body.fieldErrors).toEqual({ displayOrder: expected });
      }
    }
  });

  it("testimonial stars: 1 to 5, with the spec's messages", async () => {
    const base = { name: "Ciara", content: "Tidy, quick and on budget." };
    expect((await api("POST", "/api/admin/testimonials", { ...base, stars: 6 })).body.fieldErrors).toEqual({
      stars: "Maximum rating is 5 stars",
    });
    expect((await api("POST", "/api/admin/testimonials", { ...base, stars: 0 })).body.fieldErrors).toEqual({
      stars: "Minimum rating is 1 star",
    });
    expect((await api("POST", "/api/admin/testimonials", { ...base, stars: 3.5 })).body.fieldErrors).toEqual({
      stars: "Rating must be a whole number of stars",
    });
    const ok = await api("POST", "/api/admin/testimonials", { ...base, stars: "4" });
    expect(ok.status).toBe(201);
    expect(ok.body.stars).toBe(4);
  });

  it("slugs: at least 3 characters, lowercase letters, numbers and hyphens, not one the site uses", async () => {
    const base = { title: "T", content: "Some content for the page." };
    expect((await api("POST", "/api/admin/pages", { ...base, slug: "ab" })).body.fieldErrors).toEqual({
      slug: "Slug must be at least 3 characters",
    });
    expect((await api("POST", "/api/admin/pages", { ...base, slug: "Fit_Out" })).body.fieldErrors).toEqual({
      slug: "Slug can only contain lowercase letters, numbers, and hyphens",
    });
    expect((await api("POST", "/api/admin/pages", { ...base, slug: "admin" })).body.fieldErrors).toEqual({
      slug: "This slug is used by the website itself; choose another",
    });
    expect((await api("POST", "/api/admin/pages", { ...base, slug: "a".repeat(101) })).body.fieldErrors).toEqual({
      slug: "Slug must be at most 100 characters",
    });
  });

  it("project categories and image paths: one of the spec's categories; a path on this site", async () => {
    const base = { title: "Shopfront", description: "A new shop ceiling in Dundrum.", altText: "Shopfront" };
    expect(
      (await api("POST", "/api/admin/projects", { ...base, imageSrc: "/images/x.svg", category: "garden" })).body
        .fieldErrors,
    ).toEqual({
      category: "Please choose a category from the list",
    });
    for (const imageSrc of ["https://example.com/x.jpg", "//example.com/x.jpg", "javascript:alert(1)"]) {
      expect((await api("POST", "/api/admin/projects", { ...base, imageSrc })).body.fieldErrors, imageSrc).toEqual({
        imageSrc: "Image source must be a path on this website, starting with /",
      });
    }
  });
});

describe("filters", () => {
  it("GET /api/admin/projects?category= and /api/admin/faqs?category= list one category", async () => {
    const project = (category: string, title: string) =>
      api("POST", "/api/admin/projects", {
        title,
        description: "A project for the filter test.",
        imageSrc: "/images/a.svg",
        altText: "Alt",
        category,
      });
    await project("partitions", "Filter partitions");
    await project("hair-salon", "Filter salon");
    const salon = await api("GET", "/api/admin/projects?category=hair-salon");
    expect(salon.body.map((p: { title: string }) => p.title)).toEqual(["Filter salon"]);
    expect((await api("GET", "/api/admin/projects?category=nothing")).body).toEqual([]);
    expect((await api("GET", "/api/admin/projects")).body.length).toBeGreaterThanOrEqual(2);

    await api("POST", "/api/admin/faqs", {
      question: "Filter repairs question?",
      answer: "An answer for the filter test.",
      category: "repairs",
    });
    const repairs = await api("GET", "/api/admin/faqs?category=repairs");
    expect(repairs.body.map((f: { category: string }) => f.category)).toEqual(["repairs"]);
  });
});

describe("pages", () => {
  it("409 for a slug another page has, on create and on update", async () => {
    const a = await api("POST", "/api/admin/pages", { title: "A", slug: "page-a", content: "Content of page A." });
    const b = await api("POST", "/api/admin/pages", { title: "B", slug: "page-b", content: "Content of page B." });
    const dup = await api("POST", "/api/admin/pages", { title: "A2", slug: "page-a", content: "Content of page A2." });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      message: "A page with this slug already exists",
      fieldErrors: { slug: "A page with this slug already exists" },
    });
    const clash = await api("PUT", `/api/admin/pages/${b.body.id}`, {
      title: "B",
      slug: "page-a",
      content: "Content of page B.",
    });
    expect(clash.status).toBe(409);
    // Keeping its own slug is no conflict.
    expect(
      (
        await api("PUT", `/api/admin/pages/${a.body.id}`, {
          title: "A!",
          slug: "page-a",
          content: "Content of page A.",
        })
      ).status,
    ).toBe(200);
  });

  it("sets updatedAt on update", async () => {
    const created = await api("POST", "/api/admin/pages", {
      title: "Dated",
      slug: "dated-page",
      content: "Content with a date.",
    });
    await new Promise((r) => setTimeout(r, 20));
    const updated = await api("PUT", `/api/admin/pages/${created.body.id}`, {
      title: "Dated",
      slug: "dated-page",
      content: "Content with a new date.",
    });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
  });
});

describe("the public site follows the admin on the next request", () => {
  it("projects: the gallery shows a new, edited and deleted project at once (HTML cache included)", async () => {
    await warm("/gallery");
    const created = await api("POST", "/api/admin/projects", {
      title: "Glass partition for a Naas accountancy",
      description: "Frameless glass partitions with manifestation.",
      imageSrc: "/images/projects/acoustic-partitions-naas.svg",
      altText: "Glass partition in an accountancy office",
      category: "partitions",
      consent: true,
    });
    // Nothing is public until published with the client's consent (issue 39).
    expect((await publicPage("/gallery")).html).not.toContain("Glass partition for a Naas accountancy");
    await warm("/gallery");
    expect((await api("POST", `/api/admin/projects/${created.body.id}/publish`)).status).toBe(200);
    let page = await publicPage("/gallery");
    expect(page.cache).toBeNull();
    expect(page.html).toContain("Glass partition for a Naas accountancy");
    expect((await publicPage("/gallery?category=partitions")).html).toContain("Glass partition for a Naas accountancy");
    expect((await publicPage("/gallery?category=repairs")).html).not.toContain(
      "Glass partition for a Naas accountancy",
    );

    await warm("/gallery");
    await api("PUT", `/api/admin/projects/${created.body.id}`, {
      ...created.body,
      title: "Glazed partition for a Naas accountancy",
    });
    page = await publicPage("/gallery");
    expect(page.html).toContain("Glazed partition for a Naas accountancy");
    expect(page.html).not.toContain("Glass partition for a Naas accountancy");

    // Featured projects are the home page's teaser.
    await warm("/");
    await api("PUT", `/api/admin/projects/${created.body.id}`, {
      ...created.body,
      title: "Glazed partition for a Naas accountancy",
      featured: true,
    });
    expect((await publicPage("/")).html).toContain("Glazed partition for a Naas accountancy");

    await warm("/gallery");
    await api("DELETE", `/api/admin/projects/${created.body.id}`);
    expect((await publicPage("/gallery")).html).not.toContain("Glazed partition for a Naas accountancy");
  });

  it("testimonials: the home page shows a new one and drops a deleted one", async () => {
    await warm("/");
    const created = await api("POST", "/api/admin/testimonials", {
      name: "Orla Byrne",
      company: "Byrne Pharmacy",
      content: "The new ceiling went in overnight and we opened as usual.",
      featured: true,
    });
    expect((await publicPage("/")).html).toContain("The new ceiling went in overnight and we opened as usual.");
    // A pharmacy is a retail client: the shop ceiling specialists page shows it too.
    expect((await publicPage("/shop-ceiling-specialists")).html).toContain("Orla Byrne");
    await warm("/");
    await api("DELETE", `/api/admin/testimonials/${created.body.id}`);
    expect((await publicPage("/")).html).not.toContain("The new ceiling went in overnight");
  });

  it("FAQs: shop-ceiling FAQs appear on the specialists page (and in its FAQ structured data)", async () => {
    await warm("/shop-ceiling-specialists");
    const created = await api("POST", "/api/admin/faqs", {
      question: "Can you fit a ceiling while the shop stays open?",
      answer: "Yes: we work at night and hand the floor back each morning.",
      category: "shop-ceilings",
    });
    const html = (await publicPage("/shop-ceiling-specialists")).html;
    expect(html).toContain("Can you fit a ceiling while the shop stays open?");
    expect(html).toMatch(/"@type":"Question","name":"Can you fit a ceiling while the shop stays open\?"/);
    await warm("/shop-ceiling-specialists");
    await api("PUT", `/api/admin/faqs/${created.body.id}`, { ...created.body, category: "general" });
    expect((await publicPage("/shop-ceiling-specialists")).html).not.toContain(
      "Can you fit a ceiling while the shop stays open?",
    );
  });

  it("pages: a page staff add is published at /<slug> with its meta tags and listed in /sitemap.xml; deleting unpublishes it", async () => {
    expect((await publicPage("/office-moves")).status).toBe(404);
    const created = await api("POST", "/api/admin/pages", {
      title: "Office moves",
      slug: "office-moves",
      description: "Moving office? We move your partitions too.",
      content: "Demountable partitions can move with you.\n\nWe take them down, store them and rebuild them.",
      metaTitle: "Office Moves and Partition Relocation | IC Interiors",
      metaDescription: "Relocating demountable office partitions in Dublin.",
    });
    let page = await publicPage("/office-moves");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<title>Office Moves and Partition Relocation | IC Interiors</title>");
    expect(page.html).toContain(
      '<meta name="description" content="Relocating demountable office partitions in Dublin."/>',
    );
    expect(page.html).toMatch(/<h1[^>]*>Office moves<\/h1>/);
    // Content is Markdown: each blank-line-separated paragraph becomes a <p>.
    expect(page.html).toContain("<p>We take them down, store them and rebuild them.</p>");
    expect(page.html).toContain('<link rel="canonical" href="http://localhost:3000/office-moves"/>');
    expect((await publicPage("/office-moves")).cache).toBe("hit");

    let sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(sitemap).toMatch(
      /<loc>http:\/\/localhost:3000\/office-moves<\/loc>\n\s*<lastmod>[^<]+<\/lastmod>\n\s*<priority>0\.5<\/priority>/,
    );

    // Editing a built-in page's row changes that page's title, not a page of its own.
    await api("POST", "/api/admin/pages", {
      title: "Gallery",
      slug: "gallery",
      content: "The gallery page's row.",
      metaTitle: "Our Work in Pictures | IC Interiors",
    });
    expect((await publicPage("/gallery")).html).toContain("<title>Our Work in Pictures | IC Interiors</title>");
    sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(sitemap.match(/\/gallery<\/loc>/g)).toHaveLength(1);

    await api("DELETE", `/api/admin/pages/${created.body.id}`);
    page = await publicPage("/office-moves");
    expect(page.status).toBe(404);
    expect(page.html).toContain("404 - Page Not Found");
    expect(page.html).toContain('<meta name="robots" content="noindex"/>');
    sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("office-moves");
  });
});
