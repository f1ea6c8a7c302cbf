import { useState, type FormEvent } from "react";
import { data, Link, useNavigate } from "react-router";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { Project } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { jobFor, NO_SUCH_JOB_MESSAGE, NOT_ON_JOB_MESSAGE } from "~/features/jobs/card/job-access.server";
import { jobPhotoViews } from "~/features/jobs/card/job-card.server";
import { countWords, PROJECT_AREAS, PROJECT_SERVICES, SCOPE_WORDS } from "~/features/projects/project-facts";
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES } from "~/features/gallery/projects-schema";
import { jobArea } from "~/features/reviews/review-rules";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/project-from-job-page";
import { JobProjectLink, projectEditPath } from "./job-project-link";
import { OrderedPhotoList } from "./photo-order";
import { PROJECT_FROM_JOB_MESSAGES, projectDefaultsForJob, projectOfJob } from "./project-from-job.server";
import { adminNotFound } from "../admin-not-found-content";

// "Publish as a project" (issue 39 item 3) at /admin/jobs/<id>/project: the page's facts, a scope
// of 150–300 words and the job's own photos chosen, put in order (drag, or Move up / Move down) with
// alt text each, posted to POST /api/admin/jobs/:id/project; the draft then opens in the projects
// editor, where it is checked and published. A before photo next to an after photo is a pair.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Publish as a project");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireAdmin(request, context, "/admin/jobs/:id/project");
  const found = await jobFor(services.database.db, params.id, user);
  if (found.status === "not-found") throw adminNotFound(NO_SUCH_JOB_MESSAGE);
  if (found.status === "forbidden")
    throw data({ message: NOT_ON_JOB_MESSAGE }, { status: 403, headers: adminHeaders() });
  const { job } = found;
  if (job.status !== "complete")
    throw data(PROJECT_FROM_JOB_MESSAGES.notComplete, { status: 409, headers: adminHeaders() });
  const photos = await jobPhotoViews(services.database.db, job.id);
  return data(
    {
      job: { id: job.id, number: job.number, title: job.title, area: jobArea(job.site) },
      // The job's service as the gallery's category and the project's service, and the county.
      defaults: projectDefaultsForJob(job, jobArea(job.site)),
      photos: photos.map((p) => ({ id: p.id, stage: p.stage, thumbnailUrl: p.thumbnailUrl })),
      // One project per job: once made, this page links to it instead of offering a second.
      project: await projectOfJob(services.database.db, job.id),
    },
    { headers: adminHeaders() },
  );
}

const STAGE_LABELS = { before: "Before", during: "During", after: "After" } as const;

type JobPhoto = Route.ComponentProps["loaderData"]["photos"][number];

/** "before photo 2": the photo's stage and its place on the job card, as the card names it. */
/** "after photo 2": numbered within its stage, as the job card shows them ("After 2"). */
const photoName = (photos: ReadonlyArray<JobPhoto>, id: number) => {
  const photo = photos.find((p) => p.id === id)!;
  const n = photos.filter((p) => p.stage === photo.stage).findIndex((p) => p.id === id) + 1;
  return `${STAGE_LABELS[photo.stage].toLowerCase()} photo ${n}`;
};

export default function ProjectFromJobPage({ loaderData }: Route.ComponentProps) {
  const { job, photos, project } = loaderData;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <p className="text-sm font-semibold text-slate-brand">{job.number}</p>
        <h1 className="text-2xl font-bold sm:text-3xl">Publish as a project</h1>
        <p>
          A draft project page made from this job. It goes on the site once it is published, with the client&apos;s
          consent.{" "}
          <Link to={`/admin/jobs/${job.id}`} className="font-semibold underline">
            Back to the job
          </Link>
        </p>
      </header>
      {project ? (
        <JobProjectLink project={project} />
      ) : (
        <ProjectFromJobForm job={job} photos={photos} defaults={loaderData.defaults} />
      )}
    </div>
  );
}

function ProjectFromJobForm({
  job,
  photos,
  defaults,
}: Pick<Route.ComponentProps["loaderData"], "job" | "photos" | "defaults">) {
  const navigate = useNavigate();
  const { mutate, pending, formError, fieldErrors, clearFieldError, formRef } = useMutation();
  const [words, setWords] = useState(0);
  // The chosen photos' ids in the page's order, and each one's alt text.
  const [order, setOrder] = useState<number[]>([]);
  const [alts, setAlts] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState("");
  const byId = new Map(photos.map((p) => [p.id, p]));

  const choose = (id: number, on: boolean) => {
    // A new choice goes last; a before/after pair is made by putting the two side by side.
    setOrder((o) => (on ? [...o.filter((x) => x !== id), id] : o.filter((x) => x !== id)));
    setAnnouncement(on ? `Photo added as number ${order.length + 1}.` : "Photo taken out.");
    clearFieldError("photos");
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const payload = {
      title: text("title"),
      area: text("area"),
      areaSlug: text("areaSlug"),
      category: text("category"),
      duration: text("duration"),
      sector: text("sector"),
      services: form.getAll("services").map(String),
      scope: text("scope"),
      photos: order.map((id) => ({ id, alt: alts[id] ?? "" })),
      consent: form.get("consent") === "on",
    };
    const result = await mutate<Project>("POST", `/api/admin/jobs/${job.id}/project`, payload, {
      success: { title: "Project created", description: "Check it and publish it from the projects list." },
      revalidate: false,
    });
    if (result.ok) void navigate(projectEditPath(result.data));
  }

  return (
    <form ref={formRef} noValidate className="space-y-5" onSubmit={(e) => void onSubmit(e)}>
      <TextField
        name="title"
        label="Title"
        required
        maxLength={255}
        defaultValue={job.title}
        error={fieldErrors.title}
        onChange={() => clearFieldError("title")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="area"
          label="Area"
          maxLength={120}
          defaultValue={job.area}
          error={fieldErrors.area}
          onChange={() => clearFieldError("area")}
          hint="The district, such as Sandyford, Dublin 18: never the client's street address."
        />
        <TextField
          name="sector"
          label="Sector"
          maxLength={100}
          error={fieldErrors.sector}
          onChange={() => clearFieldError("sector")}
          hint="Such as Fashion retail or Healthcare."
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          name="category"
          label="Gallery category"
          defaultValue={defaults.category ?? DEFAULT_PROJECT_CATEGORY}
          options={PROJECT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
          error={fieldErrors.category}
        />
        <SelectField name="areaSlug" label="County" defaultValue={defaults.areaSlug ?? ""} error={fieldErrors.areaSlug}>
          <option value="">Not listed</option>
          {PROJECT_AREAS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </SelectField>
        <TextField
          name="duration"
          label="Duration"
          optional
          maxLength={100}
          error={fieldErrors.duration}
          onChange={() => clearFieldError("duration")}
          hint="Such as 3 weekends."
        />
      </div>
      <fieldset className="rounded-lg border border-mist p-4">
        <legend className="px-1 font-medium">Services</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PROJECT_SERVICES.map((s) => (
            <label key={s.value} className="flex items-center gap-3">
              <input
                type="checkbox"
                name="services"
                value={s.value}
                defaultChecked={defaults.services.includes(s.value)}
                className="h-5 w-5 accent-navy-900"
              />
              {s.label}
            </label>
          ))}
        </div>
        {fieldErrors.services && <p className="mt-2 text-sm font-medium text-red-700">{fieldErrors.services}</p>}
      </fieldset>
      <TextAreaField
        name="scope"
        label="Scope"
        rows={10}
        error={fieldErrors.scope}
        onChange={(e) => {
          setWords(countWords(e.currentTarget.value));
          clearFieldError("scope");
        }}
        hint={`What was done, ${SCOPE_WORDS.min}–${SCOPE_WORDS.max} words. ${words} ${words === 1 ? "word" : "words"} so far.`}
      />
      <fieldset
        className="space-y-3 rounded-lg border border-mist p-4"
        aria-describedby={fieldErrors.photos ? "photos-error" : undefined}
      >
        <legend className="px-1 font-medium">Photos</legend>
        {photos.length === 0 ? (
          <p className="text-slate-brand">This job has no photos. Add them on the job card first.</p>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="The job's photos">
              {photos.map((p) => (
                <li key={p.id}>
                  <label className="flex items-center gap-3">
                    <input
                      type="checkbox"
                      checked={order.includes(p.id)}
                      onChange={(e) => choose(p.id, e.currentTarget.checked)}
                      className="h-5 w-5 accent-navy-900"
                    />
                    <img
                      src={p.thumbnailUrl}
                      alt=""
                      width={96}
                      height={72}
                      className="h-18 w-24 rounded object-cover"
                    />
                    {`Use ${photoName(photos, p.id)}`}
                  </label>
                </li>
              ))}
            </ul>
            {order.length > 0 && (
              <p className="text-sm text-slate-brand">
                The first photo is the gallery&apos;s image; a before photo next to an after photo shows as a pair. Drag
                a photo, or use its Move buttons, to change the order.
              </p>
            )}
            <OrderedPhotoList
              items={order}
              itemKey={(id) => String(id)}
              onReorder={(next, said) => {
                setOrder(next);
                setAnnouncement(said);
              }}
            >
              {(id, i) => (
                <>
                  <img
                    src={byId.get(id)!.thumbnailUrl}
                    alt=""
                    width={80}
                    height={64}
                    className="h-16 w-20 rounded object-cover"
                  />
                  <div className="min-w-48 flex-1 space-y-2">
                    <p className="text-sm font-semibold">
                      Position {i + 1}: {STAGE_LABELS[byId.get(id)!.stage].toLowerCase()} photo
                    </p>
                    <TextField
                      name={`alt-${id}`}
                      label={`Alt text for ${photoName(photos, id)}`}
                      required
                      maxLength={255}
                      value={alts[id] ?? ""}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setAlts((a) => ({ ...a, [id]: value }));
                        clearFieldError("photos");
                      }}
                      error={fieldErrors[`photos.${i}.id`]}
                    />
                  </div>
                </>
              )}
            </OrderedPhotoList>
          </>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {fieldErrors.photos && (
          <p id="photos-error" className="text-sm font-medium text-red-700">
            {fieldErrors.photos}
          </p>
        )}
      </fieldset>
      <CheckboxField
        name="consent"
        label="The client agreed to show this project"
        error={fieldErrors.consent}
        hint="Needed before the project can be published."
      />
      {formError && (
        <p role="alert" className="font-semibold text-red-800">
          {formError}
        </p>
      )}
      <button type="submit" className="btn-dark" disabled={pending}>
        Create the draft project
      </button>
    </form>
  );
}
