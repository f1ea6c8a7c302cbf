import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pageRevisions, pages, type Page, type PageChange, type PageSnapshot } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import type { AnyFieldValues } from "~/features/pages/fields/field-dsl";
import { parsePageFields, resolvePageFields } from "~/features/pages/fields/field-schema";
import { BUILT_IN_PAGE_SLUGS, isStaffPageSlug } from "~/features/pages/page-slugs";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { isUniqueViolation } from "~/db/database-errors";
import type { WriteResult } from "~/forms/write-result";
import { redirectOnSlugChange, releaseRedirectFrom } from "~/features/redirects/redirects.server";
import {
  addRevision as addPageRevision,
  declarationOf,
  publishedSnapshot,
} from "~/features/pages/page-revisions.server";
import { pageChanges } from "./page-diff.server";
import type { AdminPage, RevisionSummary } from "./page-types";

export type { AdminPage, RevisionSummary };
import { PAGE_MESSAGES, PageSchema } from "~/features/pages/pages-schema";

// Pages for the admin and its API: drafts, publishing and revisions. (The public site reads the
// published version, or a draft for staff previewing it, through features/pages/page-content.server.ts.)

export const BUILT_IN_MESSAGES = {
  delete: "This is one of the site's own pages, so it cannot be deleted. You can change its text instead.",
  slug: "The site's own pages keep their address: this slug cannot be changed.",
} as const;

const isBuiltIn = (slug: string) => BUILT_IN_PAGE_SLUGS.has(slug);

const draftOf = (row: Page): PageSnapshot =>
  row.draft
    ? { ...row.draft, fields: resolvePageFields(declarationOf(row), row.draft.fields) }
    : publishedSnapshot(row);

export function toAdminPage(row: Page): AdminPage {
  const { draft: _draft, fields: _fields, ...rest } = row;
  const draft = draftOf(row);
  return {
    ...rest,
    title: draft.title,
    description: draft.description,
    content: draft.content,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    builtIn: isBuiltIn(row.slug),
    fields: draft.fields as AnyFieldValues,
    hasUnpublishedChanges: row.draft !== null,
  };
}

export async function listPages(db: Db): Promise<AdminPage[]> {
  const rows = await db.select().from(pages).orderBy(asc(pages.title), asc(pages.id));
  return rows.map(toAdminPage);
}

async function getRow(db: Db, id: number): Promise<Page | null> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  return row ?? null;
}

export async function getPage(db: Db, id: number): Promise<AdminPage | null> {
  const row = await getRow(db, id);
  return row ? toAdminPage(row) : null;
}

const slugTaken = {
  status: "conflict",
  message: PAGE_MESSAGES.slugTaken,
  fieldErrors: { slug: PAGE_MESSAGES.slugTaken },
} as const;

/** A page write that went through, with what the audit log should add to the update entry. */
type PageWrite = WriteResult<AdminPage> & { published?: boolean; restored?: number };

const SNAPSHOT_KEYS = ["title", "description", "content", "metaTitle", "metaDescription"] as const;

function addRevision(
  db: Db,
  pageId: number,
  actor: AuditActor | null,
  action: "create" | "save" | "restore",
  snapshot: PageSnapshot,
  changes: PageChange[],
  restoredFrom: number | null = null,
): Promise<number> {
  return addPageRevision(db, {
    pageId,
    userId: actor?.userId ?? null,
    username: actor?.username ?? null,
    action,
    snapshot,
    changes,
    restoredFrom,
  });
}

/** The published columns for a snapshot. */
const publishedColumns = (snapshot: PageSnapshot) => ({
  title: snapshot.title,
  description: snapshot.description,
  content: snapshot.content,
  metaTitle: snapshot.metaTitle,
  metaDescription: snapshot.metaDescription,
  fields: snapshot.fields,
  draft: null,
  publishedAt: new Date(),
});

/** A new page is published as created (it has no public version to keep), with its first revision. */
export async function createPage(db: Db, input: unknown, actor: AuditActor | null = null): Promise<PageWrite> {
  const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const valid = validate(PageSchema, body);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const declared = declarationOf(valid.data);
  const fields = parsePageFields(declared, body.fields);
  if (!fields.ok) return { status: "invalid", fieldErrors: fields.errors };
  try {
    const row = await db.transaction(async (tx) => {
      const snapshot: PageSnapshot = {
        title: valid.data.title,
        description: valid.data.description,
        content: valid.data.content,
        metaTitle: valid.data.metaTitle,
        metaDescription: valid.data.metaDescription,
        fields: resolvePageFields(declared, fields.values),
      };
      const [created] = await tx
        .insert(pages)
        .values({ slug: valid.data.slug, ...publishedColumns(snapshot) })
        .returning();
      await redirectOnPageSlugChange(tx, null, created!.slug);
      const revision = await addRevision(
        tx,
        created!.id,
        actor,
        "create",
        snapshot,
        pageChanges(null, snapshot, declared),
      );
      const [published] = await tx
        .update(pages)
        .set({ publishedRevisionId: revision })
        .where(eq(pages.id, created!.id))
        .returning();
      return published!;
    });
    return { status: "ok", row: toAdminPage(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

/** Called inside the update's transaction when a page moves to another slug (e.g. to add a redirect). */
export type SlugChangeHook = (tx: Db, change: { pageId: number; from: string; to: string }) => Promise<void>;

export type UpdatePageOptions = {
  actor?: AuditActor | null;
  /** Runs in the same transaction when the slug changes (only staff pages can change slug). */
  onSlugChange?: SlugChangeHook;
};

/**
 * Saves changes as the page's draft (a new revision when anything changed); `"publish": true` in
 * the body also publishes the draft. Every key is optional: what is left out stays as it is, and
 * `fields` may name just the fields that change. Nothing is stored when anything is invalid.
 */
export async function updatePage(
  db: Db,
  id: number,
  input: unknown,
  options: UpdatePageOptions = {},
): Promise<PageWrite> {
  const row = await getRow(db, id);
  if (!row) return { status: "not-found" };
  const body = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const current = draftOf(row);
  const merged = { slug: row.slug, ...pick(current, SNAPSHOT_KEYS), ...pick(body, [...SNAPSHOT_KEYS, "slug"]) };
  const valid = validate(PageSchema, merged);
  const errors: FieldErrors = valid.ok ? {} : { ...valid.errors };
  if (valid.ok && isBuiltIn(row.slug) && valid.data.slug !== row.slug) errors.slug = BUILT_IN_MESSAGES.slug;
  if (body.publish !== undefined && typeof body.publish !== "boolean") errors.publish = "Publish must be true or false";
  const declared = declarationOf(row);
  const fields = parsePageFields(declared, body.fields);
  if (!fields.ok) Object.assign(errors, fields.errors);
  if (!valid.ok || !fields.ok || Object.keys(errors).length > 0) return { status: "invalid", fieldErrors: errors };

  const { slug, ...top } = valid.data;
  const draft: PageSnapshot = { ...top, fields: { ...current.fields, ...fields.values } };
  const changes = pageChanges(current, draft, declared);
  const publish = body.publish === true;
  try {
    const saved = await db.transaction(async (tx) => {
      let latest = changes.length > 0 ? await addRevision(tx, id, options.actor ?? null, "save", draft, changes) : null;
      // Back to exactly what is published: no draft left to publish.
      const unpublished = JSON.stringify(draft) !== JSON.stringify(publishedSnapshot(row));
      if (publish && unpublished) {
        latest ??= await latestRevisionId(tx, id);
        latest ??= await addRevision(tx, id, options.actor ?? null, "save", draft, []);
      }
      const [updated] = await tx
        .update(pages)
        .set({
          slug,
          updatedAt: new Date(),
          ...(publish && unpublished
            ? { ...publishedColumns(draft), publishedRevisionId: latest }
            : { draft: unpublished ? draft : null }),
        })
        .where(eq(pages.id, id))
        .returning();
      if (slug !== row.slug) {
        await redirectOnPageSlugChange(tx, row.slug, slug);
        await options.onSlugChange?.(tx, { pageId: id, from: row.slug, to: slug });
      }
      return { row: updated!, published: publish && unpublished };
    });
    return { status: "ok", row: toAdminPage(saved.row), published: saved.published };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

async function latestRevisionId(db: Db, pageId: number): Promise<number | null> {
  const [r] = await db
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.id))
    .limit(1);
  return r?.id ?? null;
}

/** Publishes the page's draft (nothing to do when there is none). */
export async function publishPage(db: Db, id: number, actor: AuditActor | null = null): Promise<PageWrite> {
  return updatePage(db, id, { publish: true }, { actor });
}

/** A page's revisions, newest first (null: no such page). */
export async function listRevisions(db: Db, pageId: number): Promise<RevisionSummary[] | null> {
  const row = await getRow(db, pageId);
  if (!row) return null;
  const revisions = await db
    .select({
      id: pageRevisions.id,
      number: pageRevisions.number,
      createdAt: pageRevisions.createdAt,
      username: pageRevisions.username,
      action: pageRevisions.action,
      restoredFrom: pageRevisions.restoredFrom,
      changes: pageRevisions.changes,
    })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.id));
  const numberOf = new Map(revisions.map((r) => [r.id, r.number]));
  return revisions.map((r) => ({
    ...r,
    // A restored revision pruned since keeps its id in restoredFrom but no number to show.
    restoredFromNumber: r.restoredFrom === null ? null : (numberOf.get(r.restoredFrom) ?? null),
    published: r.id === row.publishedRevisionId && row.draft === null,
  }));
}

export type RestoreResult = PageWrite | { status: "no-revision" };

/** Makes an earlier revision the page's draft (a new revision records the restore; publish as usual). */
export async function restoreRevision(
  db: Db,
  pageId: number,
  revisionId: number,
  actor: AuditActor | null = null,
): Promise<RestoreResult> {
  const row = await getRow(db, pageId);
  if (!row) return { status: "not-found" };
  const [revision] = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.pageId, pageId), eq(pageRevisions.id, revisionId)));
  if (!revision) return { status: "no-revision" };
  const declared = declarationOf(row);
  const current = draftOf(row);
  const restored: PageSnapshot = {
    ...revision.snapshot,
    fields: resolvePageFields(declared, revision.snapshot.fields),
  };
  const changes = pageChanges(current, restored, declared);
  const updated = await db.transaction(async (tx) => {
    await addRevision(tx, pageId, actor, "restore", restored, changes, revisionId);
    const unpublished = JSON.stringify(restored) !== JSON.stringify(publishedSnapshot(row));
    const [saved] = await tx
      .update(pages)
      .set({ draft: unpublished ? restored : null, updatedAt: new Date() })
      .where(eq(pages.id, pageId))
      .returning();
    return saved!;
  });
  return { status: "ok", row: toAdminPage(updated), restored: revisionId };
}

/**
 * A staff page (published at /<slug>) now lives at its new slug: a redirect from the old address
 * (redirectOnSlugChange), and none left from the new one. The site's own pages have fixed addresses.
 */
async function redirectOnPageSlugChange(db: Db, oldSlug: string | null, newSlug: string): Promise<void> {
  if (!isStaffPageSlug(newSlug)) return;
  if (oldSlug !== null && isStaffPageSlug(oldSlug)) await redirectOnSlugChange(db, `/${oldSlug}`, `/${newSlug}`);
  else await releaseRedirectFrom(db, `/${newSlug}`);
}

export type DeleteResult = "deleted" | "not-found" | "built-in";

/** Deletes a staff page; the site's own pages are refused. */
export async function deletePage(db: Db, id: number): Promise<DeleteResult> {
  const removed = await db
    .delete(pages)
    .where(and(eq(pages.id, id), ...[...BUILT_IN_PAGE_SLUGS].map((slug) => ne(pages.slug, slug))))
    .returning({ id: pages.id });
  if (removed.length > 0) return "deleted";
  return (await getRow(db, id)) ? "built-in" : "not-found";
}

function pick<T extends Record<string, unknown>, K extends string>(
  source: T,
  keys: ReadonlyArray<K>,
): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (Object.hasOwn(source, key)) out[key] = source[key];
  return out;
}
