import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pages, type Page } from "~/db/schema";
import { isUniqueViolation, type WriteResult } from "../list/resource-api.server";
import { validate } from "~/forms/field-errors";
import { PAGE_MESSAGES, PageSchema, type PageField } from "./pages-schema";

// Pages for the admin and its API. (The public site reads them through features/pages.)

export function listPages(db: Db): Promise<Page[]> {
  return db.select().from(pages).orderBy(asc(pages.title), asc(pages.id));
}

export async function getPage(db: Db, id: number): Promise<Page | null> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  return row ?? null;
}

const slugTaken = {
  status: "conflict",
  message: PAGE_MESSAGES.slugTaken,
  fieldErrors: { slug: PAGE_MESSAGES.slugTaken },
} as const;

export async function createPage(db: Db, input: unknown): Promise<WriteResult<Page, PageField>> {
  const valid = validate(PageSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  try {
    const [row] = await db.insert(pages).values(valid.data).returning();
    return { status: "ok", row: row! };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

/** Replaces a page's fields and stamps updatedAt (the sitemap's lastmod). */
export async function updatePage(db: Db, id: number, input: unknown): Promise<WriteResult<Page, PageField>> {
  const valid = validate(PageSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  try {
    const [row] = await db
      .update(pages)
      .set({ ...valid.data, updatedAt: new Date() })
      .where(eq(pages.id, id))
      .returning();
    return row ? { status: "ok", row } : { status: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

/** Whether a page was deleted (false: there was none with this id). */
export async function deletePage(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
  return removed.length > 0;
}
