import { data } from "react-router";
import type { Testimonial as TestimonialRow } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import type { JsonRow } from "../list/api-client";
import { containsText, ResourceList, type Column } from "../list/resource-list";
import type { Route } from "./+types/testimonials-list";
import { TestimonialFields } from "./testimonial-form";
import { testimonialPayload, TestimonialSchema } from "./testimonials-schema";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data(null, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Testimonials");

type Testimonial = JsonRow<TestimonialRow>;

/** Spec section 9: dates as 'MMM d, yyyy', in Dublin time. */
const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "Europe/Dublin",
});

const columns: Array<Column<Testimonial>> = [
  {
    header: "Name",
    cell: (t) => (
      <>
        <span className="block font-semibold">{t.name}</span>
        {t.company && <span className="block text-sm font-normal text-slate-brand">{t.company}</span>}
      </>
    ),
    className: "min-w-48",
  },
  {
    header: "Date",
    cell: (t) => <time dateTime={t.createdAt}>{dateFormat.format(new Date(t.createdAt))}</time>,
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
    header: "Testimonial",
    wide: true,
    cell: (t) => <span className="line-clamp-3 text-slate-brand">{t.content}</span>,
  },
];

export default function TestimonialsList() {
  return (
    <ResourceList
      names={{ one: "testimonial", many: "testimonials", One: "Testimonial", Many: "Testimonials" }}
      endpoint="/api/admin/testimonials"
      intro="What clients say about the work, with star ratings. Featured ones are shown first, then lower order numbers."
      columns={columns}
      rowLabel={(t) => t.name}
      searchHint="name, company or testimonial text"
      matches={(t, q) => containsText(q, t.name, t.content, t.company)}
      schema={TestimonialSchema}
      payload={testimonialPayload}
      fields={(props) => <TestimonialFields {...props} />}
    />
  );
}
