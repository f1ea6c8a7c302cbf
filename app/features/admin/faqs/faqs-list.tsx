import type { Faq } from "~/db/schema";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { ListLoadError, type Column } from "../list/admin-list";
import { containsText } from "../list/content-list";
import { contentListLoader } from "../list/content-list.server";
import { ResourceList } from "../list/resource-list";
import type { Route } from "./+types/faqs-list";
import { FaqFields } from "./faq-form";
import { FAQ_CATEGORIES, faqCategoryLabel, faqPayload, FaqSchema } from "~/features/faqs/faqs-schema";
import { listFaqs } from "./faqs.server";
import { DemoBadge } from "../demo/demo-badge";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("FAQs");

const NAMES = { one: "FAQ", many: "FAQs", One: "FAQ", Many: "FAQs" };

export const loader = contentListLoader({
  page: "/admin/faqs",
  list: listFaqs,
  matches: (f, q) => containsText(q, f.question, f.answer),
});

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Faq>> = [
  {
    header: "Question",
    cell: (f) => (
      <>
        <span className="font-semibold">{f.question}</span>
        <DemoBadge demo={f.demo} />
      </>
    ),
    className: "w-1/3",
  },
  { header: "Category", cell: (f) => faqCategoryLabel(f.category), className: "whitespace-nowrap" },
  { header: "Answer", wide: true, cell: (f) => <span className="line-clamp-3 text-slate-brand">{f.answer}</span> },
];

const filter = { label: "Category", allLabel: "All categories", options: FAQ_CATEGORIES };

export default function FaqsList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceList
      names={NAMES}
      endpoint="/api/admin/faqs"
      intro="Answers to common questions, by category. Lower order numbers come first within a category."
      data={loaderData}
      columns={columns}
      rowLabel={(f) => f.question}
      searchHint="question or answer"
      filter={filter}
      schema={FaqSchema}
      payload={faqPayload}
      fields={(props) => <FaqFields {...props} />}
    />
  );
}
