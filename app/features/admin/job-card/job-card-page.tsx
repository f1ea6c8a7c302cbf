import { useState } from "react";
import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { jobFor, NO_SUCH_JOB_MESSAGE, NOT_ON_JOB_MESSAGE } from "~/features/jobs/card/job-access.server";
import { loadJobCard } from "~/features/jobs/card/job-card.server";
import { cardIsOpen } from "~/features/jobs/card/job-card-rules";
import { jobDayWhen } from "~/features/jobs/card/job-dates";
import type { Route } from "./+types/job-card-page";
import { eircodeMapUrl } from "./job-card-format";
import { JOB_STATUS_LABELS } from "~/features/jobs/job-status";
import { JobChecklist } from "./job-checklist";
import { JobDocuments } from "./job-documents";
import { JobPhotos, photoNames, type CardPhoto } from "./job-photos";
import { JobSnags } from "./job-snags";
import { JobStatusPanel } from "./job-status-panel";
import { jobBilling } from "~/features/invoices/job-billing.server";
import { JobBillingPanel } from "../invoices/job-billing-panel";
import { JobRetention } from "./job-retention";
import { jobRetention } from "~/features/invoices/retention.server";
import { latestReviewRequest } from "~/features/reviews/review-requests.server";
import { ReviewRequestButton } from "../reviews/review-request-button";
import { buttonClass } from "~/components/ui/button-styles";
import { projectOfJob } from "../projects/project-from-job.server";
import { JobProjectLink } from "../projects/job-project-link";
import { adminNotFound } from "../admin-not-found-content";

// The job card at /admin/jobs/<id>, made for a phone on site first (390 px): what the job is and
// where, today's or the next day, the checklist, photos by stage, snags and documents. Crew open
// only the jobs they are on; every call the card makes checks that again on the server.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = (args) =>
  adminMeta(args.loaderData ? `Job ${args.loaderData.card.number}` : "Job")(args);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireAdmin(request, context, "/admin/jobs/:id");
  const found = await jobFor(services.database.db, params.id, user);
  if (found.status === "not-found") throw adminNotFound(NO_SUCH_JOB_MESSAGE);
  if (found.status === "forbidden")
    throw data({ message: NOT_ON_JOB_MESSAGE }, { status: 403, headers: adminHeaders() });
  const card = await loadJobCard(services.database.db, found.job, services.siteUrl);
  const staff = user.role !== "crew";
  const now = Date.now();
  const nextDay = card.days.find((d) => d.end.getTime() > now) ?? null;
  // Money is the office's: crew see no retention.
  const retention = staff ? await jobRetention(services.database.db, found.job) : null;
  return data(
    {
      card,
      nextDay: nextDay
        ? { when: jobDayWhen(nextDay.start, nextDay.end), today: nextDay.start.getTime() <= now, crew: nextDay.crew }
        : null,
      staff,
      // Billing (issue 38) is for the office and owners, never the crew.
      billing: staff ? await jobBilling(services.database.db, found.job) : null,
      retention,
      // A finished job's review request (issue 39): for the office, not the crew.
      review:
        staff && found.job.status === "complete"
          ? { latest: await latestReviewRequest(services.database.db, found.job.clientId) }
          : null,
      // Its project page, once made: one per job, so the card links to it instead of offering another.
      project: staff && found.job.status === "complete" ? await projectOfJob(services.database.db, found.job.id) : null,
    },
    { headers: adminHeaders() },
  );
}

export default function JobCardPage({ loaderData }: Route.ComponentProps) {
  const { card, nextDay, staff, billing, retention, review, project } = loaderData;
  const canEdit = cardIsOpen(card.status);
  const [photos, setPhotos] = useState<CardPhoto[]>(card.photos);
  // The snag form names each photo as the grid above it does.
  const photoChoices = photoNames(photos);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <p className="text-sm font-semibold text-slate-brand">
          {card.number} · <span>{JOB_STATUS_LABELS[card.status]}</span>
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">{card.title || card.client.name}</h1>
        <p>{card.client.company ? `${card.client.name}, ${card.client.company}` : card.client.name}</p>
        <address className="not-italic text-slate-brand">
          {card.site.address.join(", ")}
          {card.site.eircode && (
            <>
              {" "}
              <a
                className="font-semibold text-navy-900 underline"
                href={eircodeMapUrl(card.site.eircode)}
                target="_blank"
                rel="noreferrer"
              >
                {card.site.eircode} (map)
              </a>
            </>
          )}
        </address>
        <p>
          {nextDay ? (
            <>
              <span className="font-semibold">{nextDay.today ? "Today" : "Next day"}:</span> {nextDay.when}
              {nextDay.crew.length > 0 && <> · {nextDay.crew.map((c) => c.name).join(", ")}</>}
            </>
          ) : (
            <span className="text-slate-brand">No day to come on the programme.</span>
          )}
        </p>
        <nav aria-label="Job" className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
          {/* The programme page and the client are the office's; the crew's card has the days. */}
          {staff && (
            <>
              <Link to={`/admin/jobs/${card.id}/programme`} className="font-semibold underline">
                Programme
              </Link>
              <Link to={`/admin/clients/${card.client.id}`} className="font-semibold underline">
                Client
              </Link>
              <a href={card.clientLink} className="font-semibold underline" target="_blank" rel="noreferrer">
                The client&apos;s page
              </a>
            </>
          )}
          {staff && card.signOff && (
            <a href={`/api/admin/jobs/${card.id}/handover.pdf`} className="font-semibold underline">
              Handover pack (PDF)
            </a>
          )}
        </nav>
        {!canEdit && (
          <p role="status" className="rounded-lg bg-mist p-3">
            {card.signOff
              ? `Signed off by ${card.signOff.name}: this card is the job's record and can no longer be changed.`
              : "This job is closed: its card can no longer be changed."}
          </p>
        )}
      </header>

      {staff && canEdit && <JobStatusPanel jobId={card.id} status={card.status} />}

      {review && (
        <section aria-labelledby="review-heading" className="space-y-2">
          <h2 id="review-heading" className="text-xl font-bold">
            Client review
          </h2>
          <ReviewRequestButton jobId={card.id} latest={review.latest} />
        </section>
      )}

      {/* Like the review request: the office's, once the job is complete. */}
      {review && (
        <section aria-labelledby="project-heading" className="space-y-2">
          <h2 id="project-heading" className="text-xl font-bold">
            Project page
          </h2>
          {project ? (
            <JobProjectLink project={project} />
          ) : (
            <>
              <p className="text-sm text-slate-brand">A page on the site for this job: its scope and photos.</p>
              <Link to={`/admin/jobs/${card.id}/project`} className={buttonClass.light}>
                Publish as a project
              </Link>
            </>
          )}
        </section>
      )}

      <section aria-labelledby="checklist-heading" className="space-y-2">
        <h2 id="checklist-heading" className="text-xl font-bold">
          Checklist
        </h2>
        <JobChecklist jobId={card.id} items={card.checklist} canEdit={canEdit} />
      </section>

      <section aria-labelledby="photos-heading" className="space-y-2">
        <h2 id="photos-heading" className="text-xl font-bold">
          Photos
        </h2>
        <JobPhotos
          jobId={card.id}
          photos={card.photos}
          canEdit={canEdit}
          onAdded={(p) => setPhotos((list) => [...list, p])}
          onRemoved={(p) => setPhotos((list) => list.filter((x) => x.id !== p.id))}
        />
      </section>

      <JobSnags jobId={card.id} snags={card.snags} photos={photoChoices} canEdit={canEdit} />

      <section aria-labelledby="documents-heading" className="space-y-2">
        <h2 id="documents-heading" className="text-xl font-bold">
          Documents
        </h2>
        <JobDocuments jobId={card.id} documents={card.documents} canEdit={canEdit} />
      </section>

      {billing && <JobBillingPanel jobId={card.id} billing={billing} />}
      {retention && retention.releases.length > 0 && <JobRetention retention={retention} />}
    </div>
  );
}
