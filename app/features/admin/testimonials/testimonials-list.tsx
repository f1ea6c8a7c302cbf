import type { Testimonial } from "~/db/schema";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import type { Route } from "./+types/testimonials-list";
import { TestimonialFields } from "./testimonial-form";
import {
  testimonialPayload,
  TestimonialFormSchema,
  TESTIMONIAL_STATUS_LABELS,
} from "~/features/testimonials/testimonials-schema";
import { listTestimonials } from "./testimonials.server";
import { DemoBadge } from "../demo/demo-badge";
import { data } from "react-router";
import { reviewSummary } from "~/features/reviews/review-requests.server";
import { ReviewSummaryPanel } from "../reviews/review-summary-panel";
import { formatDate } from "~/features/time/irish-format";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Testimonials");

const NAMES = { one: "testimonial", many: "testimonials", One: "Testimonial", Many: "Testimonials" };

const listLoader = contentListLoader({
  page: "/admin/testimonials",
  list: (db) => listTestimonials(db),
  matches: (t, q) => containsText(q, t.name, t.content, t.company),
});

/** The list, and (issue 39) how the review requests are doing. */
export async function loader(args: Route.LoaderArgs) {
  const listed = await listLoader(args);
  const summary = await reviewSummary(args.context.services.database.db);
  return data({ ...listed.data, summary }, listed.init ?? undefined);
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

/** Spec section 9: dates as 'MMM d, yyyy', in Dublin time. */

const columns: Array<Column<Testimonial>> = [
  {
    header: "Name",
    cell: (t) => (
      <>
        <span className="block font-semibold">
          {t.name}
          <DemoBadge demo={t.demo} />
        </span>
        {t.verified && <span className="block text-sm font-normal">Verified client review</span>}
        {t.company && <span className="block text-sm font-normal text-slate-brand">{t.company}</span>}
      </>
    ),
    className: "min-w-48",
  },
  {
    header: "Date",
    cell: (t) => <time dateTime={t.createdAt.toISOString()}>{formatDate(t.createdAt)}</time>,
    className: "whitespace-nowrap",
  },
  {
    header: "Rating",
    cell: (t) => (
      <span role="img" aria-label={`${t.stars} out of 5 stars`} className="whitespace-nowrap text-lg tracking-tight">
        <span className="text-amber-deep">{"★".repeat(t.stars)}</span>
        <span className="text-slate-brand">{"☆".repeat(Math.max(0, 5 - t.stars))}</span>
      </span>
    ),
  },
  {
    header: "Status",
    cell: (t) => <span className="whitespace-nowrap font-semibold">{TESTIMONIAL_STATUS_LABELS[t.status]}</span>,
  },
  {
    header: "Testimonial",
    wide: true,
    cell: (t) => <span className="line-clamp-3 text-slate-brand">{t.content}</span>,
  },
];

export default function TestimonialsList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ResourceList
        names={NAMES}
        endpoint="/api/admin/testimonials"
        intro="What clients say about the work, with star ratings. Only published ones show on the site: clients' own reviews first, then featured ones, then lower order numbers. A review a client sends through their link arrives awaiting approval, and its words stay theirs."
        data={loaderData}
        columns={columns}
        rowLabel={(t) => t.name}
        searchHint="name, company or testimonial text"
        schema={TestimonialFormSchema}
        payload={testimonialPayload}
        fields={(props) => <TestimonialFields {...props} />}
      />
      <ReviewSummaryPanel summary={loaderData.summary} />
    </>
  );
}
