import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { projects, type Project } from "~/db/schema";
import { deleteUploadIfUnused } from "~/features/uploads/uploads.server";
import type { WriteResult } from "~/forms/write-result";
import { validate } from "~/forms/field-errors";
import { ProjectSchema, type ProjectField } from "~/features/gallery/projects-schema";

// Projects for the admin and its API. (The public gallery reads them through features/gallery.)

/** Every project, or those of one category; lower display order first, as on the site. */
export function listProjects(db: Db, category?: string): Promise<Project[]> {
  return db
    .select()
    .from(projects)
    .where(category ? eq(projects.category, category) : undefined)
    .orderBy(asc(projects.displayOrder), asc(projects.id));
}

export async function getProject(db: Db, id: number): Promise<Project | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export async function createProject(db: Db, input: unknown): Promise<WriteResult<Project, ProjectField>> {
  const valid = validate(ProjectSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const [row] = await db.insert(projects).values(valid.data).returning();
  return { status: "ok", row: row! };
}

/** Replaces a project's fields; an uploaded image it no longer uses is removed. */
export async function updateProject(db: Db, id: number, input: unknown): Promise<WriteResult<Project, ProjectField>> {
  const valid = validate(ProjectSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const before = await getProject(db, id);
  if (!before) return { status: "not-found" };
  // An edit makes the row the business's own: no longer demo content.
  const [row] = await db
    .update(projects)
    .set({ ...valid.data, demo: false })
    .where(eq(projects.id, id))
    .returning();
  if (!row) return { status: "not-found" };
  if (before.imageSrc !== row.imageSrc) await deleteUploadIfUnused(db, before.imageSrc);
  return { status: "ok", row };
}

/** Whether a project was deleted; its uploaded image goes with it unless another project uses it. */
export async function deleteProject(db: Db, id: number): Promise<boolean> {
  const [removed] = await db.delete(projects).where(eq(projects.id, id)).returning({ imageSrc: projects.imageSrc });
  if (!removed) return false;
  await deleteUploadIfUnused(db, removed.imageSrc);
  return true;
}
