import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobPhotos, jobs, projects, type JobPhotoStage, type Project } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { PROJECT_MESSAGES, type ProjectCategory, type ProjectPhotoInput } from "~/features/gallery/projects-schema";
import { isJobService, type JobService } from "~/features/jobs/job-checklists";
import { PROJECT_AREAS, type ProjectArea, type ProjectService } from "~/features/projects/project-facts";
import { shortDescription } from "~/features/projects/project-json-ld";
import type { FieldErrors } from "~/forms/field-errors";
import { isUniqueViolation } from "~/db/database-errors";
import { createProject, JOB_PROJECT_INDEX } from "./projects.server";

// "Publish as a project" (issue 39 item 3): a draft project made from a completed job, through the
// projects' own schema and createProject. The photos are the job's own (job_photos ids): a
// before or after photo keeps its stage as the page's before/after pair.

export const PROJECT_FROM_JOB_MESSAGES = {
  noJob: "No such job.",
  notComplete: "Only a completed job can be published as a project.",
  foreignPhoto: "This photo is not one of this job's photos.",
  alreadyMade: "This job already has a project: edit that one from the projects list.",
} as const;

/** What a job's service (its checklist's key) is called among the projects' categories and services. */
const OF_JOB_SERVICE: Record<JobService, { category: ProjectCategory; service: ProjectService }> = {
  "suspended-ceilings": { category: "suspended-ceilings", service: "suspended-ceilings" },
  "office-partitions": { category: "partitions", service: "partitions" },
  "shop-ceilings": { category: "shop-ceilings", service: "shop-ceiling" },
  "ceiling-repairs": { category: "repairs", service: "ceiling-repair" },
};

/** The gallery category for the services a project names: the first one's (partitions → Partitions). */
export function categoryOfServices(services: unknown): ProjectCategory | undefined {
  const first: unknown = Array.isArray(services) ? (services as unknown[])[0] : undefined;
  return Object.values(OF_JOB_SERVICE).find((s) => s.service === first)?.category;
}

/** The county an area names ("Sandyford, Dublin 18" → dublin), for the area pages; null if none. */
export function countyOfArea(area: string): ProjectArea | null {
  const words = area.toLowerCase();
  return PROJECT_AREAS.find((a) => new RegExp(`\\b${a.label.toLowerCase()}\\b`).test(words))?.value ?? null;
}

/** The form's starting choices for a job: its service's category and service, and its county. */
export function projectDefaultsForJob(job: { service: string | null; site: { address: string[] } }, area: string) {
  const known = isJobService(job.service) ? OF_JOB_SERVICE[job.service] : null;
  return {
    category: known?.category ?? null,
    services: known ? [known.service] : [],
    areaSlug: countyOfArea(`${area} ${job.site.address.join(" ")}`),
  };
}

/** The project made from a job (one per job), or null. */
export type JobProject = Pick<Project, "id" | "title" | "slug" | "status">;

export async function projectOfJob(db: Db, jobId: number): Promise<JobProject | null> {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, slug: projects.slug, status: projects.status })
    .from(projects)
    .where(eq(projects.jobId, jobId))
    .orderBy(asc(projects.id))
    .limit(1);
  return row ?? null;
}

export type ProjectFromJobResult =
  | { status: "ok"; row: Project }
  | { status: "not-found" }
  | { status: "not-complete" }
  | { status: "already-made"; project: JobProject }
  | { status: "invalid"; fieldErrors: FieldErrors };

type SentPhoto = { id: unknown; alt: unknown };

const sentPhotos = (input: unknown): SentPhoto[] | null => {
  const photos = input && typeof input === "object" ? (input as { photos?: unknown }).photos : undefined;
  if (!Array.isArray(photos)) return null;
  return photos.map((p: unknown) =>
    p && typeof p === "object" ? (p as SentPhoto) : { id: undefined, alt: undefined },
  );
};

const PAIR_OF: Record<JobPhotoStage, ProjectPhotoInput["pair"]> = {
  before: "before",
  after: "after",
  during: undefined,
};

/**
 * `{ title, area, areaSlug?, category?, duration?, sector, services, scope, photos: [{ id, alt }], consent }`
 * → a draft project that records the job.
 */
export async function createProjectFromJob(
  db: Db,
  jobId: number,
  input: unknown,
  actor: AuditActor,
): Promise<ProjectFromJobResult> {
  const [job] = await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) return { status: "not-found" };
  if (job.status !== "complete") return { status: "not-complete" };
  // One page per job: a second would repeat the same work (and the same review) on the site.
  const made = await projectOfJob(db, jobId);
  if (made) return { status: "already-made", project: made };

  const sent = sentPhotos(input) ?? [];
  const ids = sent.map((p) => p.id).filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
  const own = ids.length
    ? await db
        .select({ id: jobPhotos.id, uploadId: jobPhotos.uploadId, stage: jobPhotos.stage })
        .from(jobPhotos)
        .where(and(eq(jobPhotos.jobId, jobId), inArray(jobPhotos.id, ids)))
    : [];
  const byId = new Map(own.map((p) => [p.id, p]));
  const fieldErrors: FieldErrors = {};
  const photos: Array<{ uploadId: string; alt: unknown; pair?: ProjectPhotoInput["pair"] }> = [];
  sent.forEach((p, n) => {
    const photo = typeof p.id === "number" ? byId.get(p.id) : undefined;
    if (!photo) fieldErrors[`photos.${n}.id`] ??= PROJECT_FROM_JOB_MESSAGES.foreignPhoto;
    else
      photos.push({
        uploadId: photo.uploadId,
        alt: p.alt,
        ...(PAIR_OF[photo.stage] ? { pair: PAIR_OF[photo.stage] } : {}),
      });
  });
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };

  const body = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const scope = typeof body.scope === "string" ? body.scope : "";
  const result = await createProject(
    db,
    {
      title: body.title,
      // The gallery's text: the scope's opening, as the page's own description is.
      description: shortDescription(scope),
      area: body.area,
      // The county (for the area pages) and the category as sent, else the category of the first
      // service named: a dental surgery's suspended ceiling is not filed under Shop Ceilings.
      areaSlug: body.areaSlug,
      category: body.category ?? categoryOfServices(body.services),
      duration: body.duration,
      sector: body.sector,
      services: body.services,
      scope: body.scope,
      photos: sentPhotos(input) === null ? body.photos : photos,
      consent: body.consent,
    },
    actor,
    { jobId },
  ).catch(async (error: unknown) => {
    // Another request made this job's project since the check above: the unique index refused ours.
    if (!isUniqueViolation(error, JOB_PROJECT_INDEX)) throw error;
    const project = await projectOfJob(db, jobId);
    if (!project) throw error;
    return { status: "already-made", project } as const;
  });
  if (result.status === "already-made") return result;
  // A double click races on the slug too (both made it from the same title): the job's project then exists.
  if (result.status === "invalid" && result.fieldErrors.slug) {
    const project = await projectOfJob(db, jobId);
    if (project) return { status: "already-made", project };
  }
  if (result.status === "ok") return result;
  if (result.status === "invalid" || result.status === "conflict") {
    const errors: FieldErrors = { ...result.fieldErrors };
    // The form has no description: the scope's own message says what is wrong.
    if (errors.description && !errors.scope) errors.scope = PROJECT_MESSAGES.scope;
    delete errors.description;
    return { status: "invalid", fieldErrors: errors };
  }
  return { status: "not-found" };
}
