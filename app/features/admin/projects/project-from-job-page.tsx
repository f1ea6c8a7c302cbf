import { useState, type FormEvent } from "react";
import { data, Link, useNavigate } from "react-router";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { Project } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { jobFor, NO_SUCH_JOB_MESSAGE, NOT_ON_JOB_MESSAGE } from "~/features/jobs/card/job-access.server";
import { jobPhotoViews } from "~/features/jobs/card/job-card.server";
import { countWords, PROJECT_SERVICES, SCOPE_WORDS } from "~/features/projects/project-facts";
import { jobArea } from "~/features/reviews/review-rules";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/project-from-job-page";
import { PROJECT_FROM_JOB_MESSAGES } from "./project-from-job.server";

// "Publish as a project" (issue 39 item 3) at /admin/jobs/<id>/project: the page's facts, a scope
// of 150–300 words and the job's own photos with alt text, posted to POST /api/admin/jobs/:id/project;
// the draft then opens in the projects editor, where it is checked and published.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Publish as a project");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireAdmin(request, services, "/admin/jobs/:id/project");
  const found = await jobFor(services.database.db, params.id, user);
  if (found.status === "not-found") throw data(NO_SUCH_JOB_MESSAGE, { status: 404, headers: adminHeaders() });
  if (found.status === "forbidden")
    throw data({ message: NOT_ON_JOB_MESSAGE }, { status: 403, headers: adminHeaders() });
  const { job } = found;
  if (job.status !== "complete")
    throw data(PROJECT_FROM_JOB_MESSAGES.notComplete, { status: 409, headers: adminHeaders() });
  const photos = await jobPhotoViews(services.database.db, job.id);
  return data(
    {
      job: { id: job.id, number: job.number, title: job.title, area: jobArea(job.site) },
      photos: photos.map((p) => ({ id: p.id, stage: p.stage, thumbnailUrl: p.thumbnailUrl })),
    },
    { headers: adminHeaders() },
  );
}

const STAGE_LABELS = { before: "Before", during: "During", after: "After" } as const;

export default function ProjectFromJobPage({ loaderData }: Route.ComponentProps) {
  const { job, photos } = loaderData;
  const navigate = useNavigate();
  const { mutate, pending, formError, fieldErrors, clearFieldError, formRef } = useMutation();
  const [words, setWords] = useState(0);
  const [chosen, setChosen] = useState<Record<number, boolean>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const title = text("title");
    const payload = {
      title,
      area: text("area"),
      sector: text("sector"),
      services: form.getAll("services").map(String),
      scope: text("scope"),
      // In the card's order: before photos come before after photos, so pairs sit side by side.
      photos: photos.filter((p) => chosen[p.id]).map((p) => ({ id: p.id, alt: text(`alt-${p.id}`) })),
      consent: form.get("consent") === "on",
    };
    const result = await mutate<Project>("POST", `/api/admin/jobs/${job.id}/project`, payload, {
      success: { title: "Project created", description: "Check it and publish it from the projects list." },
      revalidate: false,
    });
    if (result.ok) void navigate(`/admin/projects?q=${encodeURIComponent(result.data.title)}&edit=${result.data.id}`);
  }

  // The photos sent, in order: a field error "photos.N.id" names the Nth of them.
  const sentOrder = photos.filter((p) => chosen[p.id]).map((p) => p.id);
  const photoError = (id: number) => {
    const n = sentOrder.indexOf(id);
    return n >= 0 ? fieldErrors[`photos.${n}.id`] : undefined;
  };

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
        <fieldset className="rounded-lg border border-mist p-4">
          <legend className="px-1 font-medium">Services</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PROJECT_SERVICES.map((s) => (
              <label key={s.value} className="flex items-center gap-3">
                <input type="checkbox" name="services" value={s.value} className="h-5 w-5 accent-navy-900" />
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
        <fieldset className="rounded-lg border border-mist p-4">
          <legend className="px-1 font-medium">Photos</legend>
          {photos.length === 0 ? (
            <p className="text-slate-brand">This job has no photos. Add them on the job card first.</p>
          ) : (
            <ul className="space-y-4">
              {photos.map((p, i) => (
                <li key={p.id} className="flex flex-wrap items-start gap-3">
                  <img src={p.thumbnailUrl} alt="" width={96} height={72} className="h-18 w-24 rounded object-cover" />
                  <div className="min-w-0 flex-1 space-y-2">
                    <label className="flex items-center gap-3">
                      <input
                        type="checkbox"
                        checked={Boolean(chosen[p.id])}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setChosen((c) => ({ ...c, [p.id]: on }));
                          clearFieldError("photos");
                        }}
                        className="h-5 w-5 accent-navy-900"
                      />
                      {`Use ${STAGE_LABELS[p.stage].toLowerCase()} photo ${i + 1}`}
                    </label>
                    {chosen[p.id] && (
                      <TextField
                        name={`alt-${p.id}`}
                        label={`Alt text for ${STAGE_LABELS[p.stage].toLowerCase()} photo ${i + 1}`}
                        required
                        maxLength={255}
                        error={photoError(p.id)}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {fieldErrors.photos && <p className="mt-2 text-sm font-medium text-red-700">{fieldErrors.photos}</p>}
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
    </div>
  );
}
