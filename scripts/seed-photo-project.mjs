// A published project with twelve uploaded photos (issue 39's Lighthouse goal for /projects/{slug}),
// made on a running server through its own API as staff make one: the first admin registered on
// the empty site, twelve JPEG photos (1600 × 1200, noisy like real photos, so their AVIF/WebP/JPEG
// variants weigh what a camera's do) uploaded, the project created with the client's consent and
// published. Used by bench:lighthouse on its throwaway server.
import sharp from "sharp";

const ADMIN = { username: "bench-projects", password: "Bench-Twelve-Photos-39" };
const SCOPE = Array.from(
  { length: 16 },
  (_, i) => `Day ${i + 1} on site: grid, tiles and partitions went in as planned with the shop open.`,
).join(" ");

/** Creates and publishes the project on `origin`; returns its page's path. */
export async function seedTwelvePhotoProject(origin) {
  const call = async (path, init = {}, expected = 200) => {
    const res = await fetch(`${origin}${path}`, init);
    if (res.status !== expected) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const json = (body, cookie) => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  await call("/api/auth/register", json(ADMIN), 201);
  const login = await call("/api/auth/login", json(ADMIN));
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const photos = [];
  for (let n = 1; n <= 12; n++) {
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, noise: { type: "gaussian", mean: 120 + n * 5, sigma: 40 } },
    })
      .jpeg({ quality: 82 })
      .toBuffer();
    const res = await call(
      "/api/admin/uploads",
      { method: "POST", headers: { cookie, "content-type": "image/jpeg", "x-file-name": `site-${n}.jpg` }, body: jpeg },
      201,
    );
    const { id } = await res.json();
    // Photos 2 and 3 are a before/after pair, as a finished job's usually are.
    const pair = n === 2 ? { pair: "before" } : n === 3 ? { pair: "after" } : {};
    photos.push({ uploadId: id, alt: `Photo ${n} of the shop fit-out: ceiling grid, tiles and partitions`, ...pair });
  }
  const created = await call(
    "/api/admin/projects",
    json(
      {
        title: "Twelve-photo shop fit-out in Sandyford",
        description: "A shop's suspended ceiling and partitions, in twelve photos.",
        area: "Sandyford, Dublin 18",
        areaSlug: "dublin",
        sector: "Fashion retail",
        services: ["suspended-ceilings", "partitions"],
        duration: "10 working days",
        scope: SCOPE,
        photos,
        consent: true,
      },
      cookie,
    ),
    201,
  );
  const project = await created.json();
  await call(`/api/admin/projects/${project.id}/publish`, { method: "POST", headers: { cookie } });
  return `/projects/${project.slug}`;
}
