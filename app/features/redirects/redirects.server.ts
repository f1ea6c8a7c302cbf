import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pages, posts, redirects, type Redirect } from "~/db/schema";
import { isStaffPageSlug, RESERVED_SLUGS } from "~/features/pages/page-slugs";
import { publicPages } from "~/features/seo/public-pages";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { isUniqueViolation } from "~/db/database-errors";
import type { WriteResult } from "~/forms/write-result";
import { ownAddress } from "./own-addresses.server";
import { normalizePath, REDIRECT_MESSAGES, RedirectSchema, splitPath, type RedirectField } from "./redirects-schema";

/** A redirect as the API answers it. */
export type RedirectRow = { id: number; from: string; to: string; permanent: boolean; createdAt: Date };

const toRow = (r: Redirect): RedirectRow => ({
  id: r.id,
  from: r.fromPath,
  to: r.toPath,
  permanent: r.permanent,
  createdAt: r.createdAt,
});

export async function listRedirects(db: Db): Promise<RedirectRow[]> {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.fromPath));
  return rows.map(toRow);
}

export async function getRedirect(db: Db, id: number): Promise<RedirectRow | null> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  return row ? toRow(row) : null;
}

/** Addresses the site answers itself, whatever the database holds (its own pages and files). */
const OWN_PATHS: ReadonlySet<string> = new Set([
  // Blog posts are checked against the posts table (a deleted post's address may be redirected).
  ...publicPages.filter((p) => p.group !== "blog").map((p) => p.path),
  "/sitemap.xml",
  "/robots.txt",
  "/blog/rss.xml",
]);

/**
 * Whether a path is a live page: one of the site's own pages or files, a path under the admin,
 * the API or the site's files, a page staff added, or a blog post (a draft too: its address is
 * taken, and a redirect would hide it once it is published).
 */
export async function isLivePath(db: Db, path: string): Promise<boolean> {
  // Pages match whatever the letter case (/Gallery is the gallery); slugs are stored in lower case.
  path = path.toLowerCase();
  if (OWN_PATHS.has(path)) return true;
  const segments = path.split("/").slice(1);
  if (RESERVED_SLUGS.has(segments[0] ?? "")) return true;
  if (segments.length === 1 && isStaffPageSlug(segments[0]!)) {
    const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, segments[0]!)).limit(1);
    return Boolean(row);
  }
  if (segments.length === 2 && segments[0] === "blog") {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, segments[1]!)).limit(1);
    return Boolean(row);
  }
  return false;
}

/** The path on this site a target leads to (an absolute URL on the site's own origin included), or null. */
export function internalPath(target: string, siteUrl: string): string | null {
  let path = target;
  if (!target.startsWith("/")) {
    const url = new URL(target);
    if (url.origin !== new URL(siteUrl).origin) return null;
    path = url.pathname;
  }
  return normalizePath(splitPath(path)[0]);
}

/**
 * Whether following `to` through the existing redirects comes back to `from` (a loop visitors'
 * browsers would give up on). Returns the path the loop closes at, or null.
 */
export function findLoop(
  from: string,
  to: string,
  existing: ReadonlyMap<string, string>,
  siteUrl: string,
): string | null {
  const seen = new Set<string>([from]);
  let next = internalPath(to, siteUrl);
  while (next !== null) {
    if (seen.has(next)) return next;
    seen.add(next);
    const target = existing.get(next);
    next = target === undefined ? null : internalPath(target, siteUrl);
  }
  return null;
}

/**
 * Adds a redirect after the checks a form cannot make: not from a live page, not looping back
 * (directly or through other redirects), not a second redirect from one address.
 */
export async function createRedirect(
  db: Db,
  input: unknown,
  siteUrl: string,
): Promise<WriteResult<RedirectRow, RedirectField>> {
  const valid = validate(RedirectSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const { from, to, permanent } = valid.data;
  const own = ownAddress(from);
  if (own) return invalid({ from: REDIRECT_MESSAGES.own(from, own) });
  if (await isLivePath(db, from)) return invalid({ from: REDIRECT_MESSAGES.live });
  if (internalPath(to, siteUrl) === from) return invalid({ to: REDIRECT_MESSAGES.same });
  const existing = new Map(
    (await db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects)).map((r) => [r.from, r.to]),
  );
  if (existing.has(from)) {
    return { status: "conflict", message: REDIRECT_MESSAGES.taken, fieldErrors: { from: REDIRECT_MESSAGES.taken } };
  }
  const loopsAt = findLoop(from, to, existing, siteUrl);
  if (loopsAt) return invalid({ to: `This redirect would loop: ${loopsAt} already leads back to ${from}` });
  try {
    const [row] = await db.insert(redirects).values({ fromPath: from, toPath: to, permanent }).returning();
    return { status: "ok", row: toRow(row!) };
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { status: "conflict", message: REDIRECT_MESSAGES.taken, fieldErrors: { from: REDIRECT_MESSAGES.taken } };
    }
    throw error;
  }
}

const invalid = (fieldErrors: FieldErrors<RedirectField>) => ({ status: "invalid", fieldErrors }) as const;

export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  return removed.length > 0;
}

/** A page now lives at this path: a redirect from it would hide the page, so it goes. */
export async function releaseRedirectFrom(db: Db, path: string): Promise<void> {
  await db.delete(redirects).where(eq(redirects.fromPath, path));
}

/**
 * A page's address changed from oldPath to newPath (a staff page, a post): visitors and search
 * engines following the old address get a permanent redirect to the new one. Redirects that led
 * to the old address now lead straight to the new one (no chains), and one from the new address
 * would hide the page, so it goes. Call inside the transaction that changes the slug.
 */
export async function redirectOnSlugChange(db: Db, oldPath: string, newPath: string): Promise<void> {
  if (oldPath === newPath) return;
  await releaseRedirectFrom(db, newPath);
  await db.update(redirects).set({ toPath: newPath }).where(eq(redirects.toPath, oldPath));
  await db
    .insert(redirects)
    .values({ fromPath: oldPath, toPath: newPath, permanent: true })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: newPath, permanent: true } });
}

/** Every redirect as the in-memory table serves them: path → target and status. */
export async function loadRedirectTable(db: Db): Promise<Map<string, { to: string; status: 301 | 302 }>> {
  const rows = await db.select().from(redirects);
  return new Map(rows.map((r) => [r.fromPath, { to: r.toPath, status: r.permanent ? 301 : 302 }]));
}
