import { eq, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pageRevisions, pages, type Page, type PageChange, type PageSnapshot } from "~/db/schema";
import type { PageFields } from "./fields/field-dsl";
import { builtInPageFields } from "./fields/built-in-fields";
import { resolvePageFields } from "./fields/field-schema";

// A page's revisions at the lowest floor that needs them: the admin records saves and restores,
// and start-up gives every page that has none its published text as revision 1.

/** How many revisions a page keeps (the oldest go first; the published one always stays). */
export const PAGE_REVISIONS_KEPT = 100;

/** The declaration a page's fields are checked against: a built-in page's own, or none. */
export const declarationOf = (row: Pick<Page, "slug" | "title">): PageFields =>
  builtInPageFields(row.slug) ?? { slug: row.slug, name: row.title, fields: {} };

/** The published version of a row, its fields complete (defaults for any never changed). */
export function publishedSnapshot(row: Page): PageSnapshot {
  return {
    title: row.title,
    description: row.description,
    content: row.content,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    fields: resolvePageFields(declarationOf(row), row.fields),
  };
}

export type NewRevision = {
  pageId: number;
  userId: number | null;
  username: string | null;
  action: "create" | "save" | "restore";
  snapshot: PageSnapshot;
  changes: PageChange[];
  restoredFrom?: number | null;
};

/**
 * Adds a revision numbered one past the page's last, then prunes the oldest beyond
 * PAGE_REVISIONS_KEPT (never the published one). Run it inside a transaction: the page row's lock
 * makes two saves at once take numbers in turn.
 */
export async function addRevision(db: Db, revision: NewRevision): Promise<number> {
  const { pageId } = revision;
  await db.execute(sql`select 1 from ${pages} where ${pages.id} = ${pageId} for update`);
  const [last] = await db
    .select({ number: max(pageRevisions.number) })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId));
  const [added] = await db
    .insert(pageRevisions)
    .values({ ...revision, restoredFrom: revision.restoredFrom ?? null, number: (last?.number ?? 0) + 1 })
    .returning({ id: pageRevisions.id });
  await db.execute(sql`
    delete from ${pageRevisions}
    where ${pageRevisions.pageId} = ${pageId}
      and ${pageRevisions.id} < (
        select min(id) from (
          select ${pageRevisions.id} as id from ${pageRevisions}
          where ${pageRevisions.pageId} = ${pageId}
          order by ${pageRevisions.id} desc limit ${PAGE_REVISIONS_KEPT}
        ) as kept
      )
      and ${pageRevisions.id} is distinct from (select ${pages.publishedRevisionId} from ${pages} where ${pages.id} = ${pageId})
  `);
  return added!.id;
}

/**
 * Every page without a revision (seeded pages, and pages from before revisions were kept) gets its
 * published text as revision 1, so the first edit can be undone. Cheap and idempotent: start-up
 * runs it after seeding, on new and existing databases alike. Returns how many pages it recorded.
 */
export async function recordFirstRevisions(db: Db): Promise<number> {
  const bare = await db
    .select()
    .from(pages)
    .where(sql`not exists (select 1 from ${pageRevisions} where ${pageRevisions.pageId} = ${pages.id})`);
  for (const row of bare) {
    await db.transaction(async (tx) => {
      const id = await addRevision(tx, {
        pageId: row.id,
        userId: null,
        username: null,
        action: "create",
        snapshot: publishedSnapshot(row),
        changes: [],
      });
      // The public page shows this text unless a draft from before revisions sits on top of it.
      await tx
        .update(pages)
        .set({ publishedRevisionId: id })
        .where(sql`${pages.id} = ${row.id} and ${pages.publishedRevisionId} is null`);
    });
  }
  return bare.length;
}
