import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts, type Post } from "~/db/schema";
import { deleteUploadIfUnused } from "~/features/uploads/uploads.server";
import { postPath } from "~/features/blog/post-paths";
import { redirectOnSlugChange, releaseRedirectFrom } from "~/features/redirects/redirects.server";
import { validate } from "~/forms/field-errors";
import { isUniqueViolation } from "~/db/database-errors";
import type { WriteResult } from "~/forms/write-result";
import { dublinDate, POST_MESSAGES, PostSchema, type PostField, type PostInput } from "~/features/blog/posts-schema";

// Blog posts for the admin and its API. (The public blog reads them through features/blog.)

/** Every post, drafts first (they are being worked on), then the newest published. */
export function listPosts(db: Db): Promise<Post[]> {
  return db
    .select()
    .from(posts)
    .orderBy(
      sql`${posts.status} = 'published'`,
      desc(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`),
      desc(posts.id),
    );
}

export async function getPost(db: Db, id: number): Promise<Post | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row ?? null;
}

const slugTaken = {
  status: "conflict",
  message: POST_MESSAGES.slugTaken,
  fieldErrors: { slug: POST_MESSAGES.slugTaken },
} as const;

/** A published post without a date is dated now; a draft keeps whatever date it was given. */
function publishedAtFor(input: PostInput, before: Post | null): Date | null {
  const given = input.publishedAt;
  if (given && before?.publishedAt && dublinDate(given) === dublinDate(before.publishedAt)) {
    // The form sends back the day it showed: keep the exact time (the order of same-day posts).
    return before.publishedAt;
  }
  if (given) return given;
  return input.status === "published" ? (before?.publishedAt ?? new Date()) : null;
}

export async function createPost(db: Db, input: unknown): Promise<WriteResult<Post, PostField>> {
  const valid = validate(PostSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ ...valid.data, publishedAt: publishedAtFor(valid.data, null) })
        .returning();
      // A redirect from this address would hide the new post.
      await releaseRedirectFrom(tx, postPath(row!.slug));
      return { status: "ok", row: row! } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

/**
 * Replaces a post's fields and stamps updatedAt. A new slug leaves a permanent redirect from the
 * old address (links and search results keep working); a replaced uploaded cover image is removed.
 */
export async function updatePost(db: Db, id: number, input: unknown): Promise<WriteResult<Post, PostField>> {
  const valid = validate(PostSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  try {
    const result = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(posts).where(eq(posts.id, id)).for("update");
      if (!before) return null;
      const [row] = await tx
        .update(posts)
        // An edit makes the post the business's own: no longer demo content.
        .set({ ...valid.data, demo: false, publishedAt: publishedAtFor(valid.data, before), updatedAt: new Date() })
        .where(eq(posts.id, id))
        .returning();
      await redirectOnSlugChange(tx, postPath(before.slug), postPath(row!.slug));
      return { before, row: row! };
    });
    if (!result) return { status: "not-found" };
    if (result.before.coverImage !== result.row.coverImage) await deleteUploadIfUnused(db, result.before.coverImage);
    return { status: "ok", row: result.row };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken;
    throw error;
  }
}

/** Whether a post was deleted; its uploaded cover image goes with it unless something else uses it. */
export async function deletePost(db: Db, id: number): Promise<boolean> {
  const [removed] = await db.delete(posts).where(eq(posts.id, id)).returning({ coverImage: posts.coverImage });
  if (!removed) return false;
  await deleteUploadIfUnused(db, removed.coverImage);
  return true;
}
