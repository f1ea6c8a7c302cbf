import { data } from "react-router";
import type { Faq as FaqRow } from "~/db/schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import type { JsonRow } from "../list/api-client";
import { containsText, ResourceList, type Column } from "../list/resource-list";
import type { Route } from "./+types/faqs-list";
import { FaqFields } from "./faq-form";
import { FAQ_CATEGORIES, faqCategoryLabel, faqPayload, FaqSchema } from "./faqs-schema";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  return data(null, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("FAQs");

type Faq = JsonRow<FaqRow>;

const columns: Array<Column<Faq>> = [
  { header: "Question", cell: (f) => <span className="font-semibold">{f.question}</span>, className: "w-1/3" },
  { header: "Category", cell: (f) => faqCategoryLabel(f.category), className: "whitespace-nowrap" },
  { header: "Answer", wide: true, cell: (f) => <span className="line-clamp-3 text-slate-brand">{f.answer}</span> },
];

const filter = { label: "Category", allLabel: "All categories", options: FAQ_CATEGORIES };

export default function FaqsList() {
  return (
    <ResourceList
      names={{ one: "FAQ", many: "FAQs", One: "FAQ", Many: "FAQs" }}
      endpoint="/api/admin/faqs"
      intro="Answers to common questions, by category. Lower order numbers come first within a category."
      columns={columns}
      rowLabel={(f) => f.question}
      searchHint="question or answer"
      matches={(f, q) => containsText(q, f.question, f.answer)}
      filter={filter}
      schema={FaqSchema}
      payload={faqPayload}
      fields={(props) => <FaqFields {...props} />}
    />
  );
}
