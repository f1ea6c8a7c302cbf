import { eq } from "drizzle-orm";
import { data, isRouteErrorResponse, Link } from "react-router";
import { quoteAcceptances, quotes } from "~/db/schema";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { QuoteDocument } from "~/features/quotes/quote-document";
import { clientQuote } from "~/features/quotes/quote-documents.server";
import { idParam } from "../list/resource-api.server";
import { AdminForbidden } from "../list/admin-forbidden";
import type { Route } from "./+types/quote-preview";
import { adminNotFound } from "../admin-not-found-content";

// /admin/quotes/:id/preview: the saved quote drawn exactly as the client's page draws it (the same
// component), for staff. It works for drafts too (the client's link shows nothing until the quote
// is sent), never counts as the client's first view, and its accept and decline buttons do nothing.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Quote preview");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/quotes/:id/preview");
  const id = idParam(params.id);
  const db = context.services.database.db;
  const [row] = id === null ? [] : await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw adminNotFound("There is no quote with this number. It may have been deleted with its enquiry.");
  const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, row.id));
  // A draft has not been sent: its preview carries today's date, as it would if sent now.
  const quote = clientQuote(row, acceptance, row.sentAt ?? new Date());
  return data({ id: row.id, quote, today: new Date().toISOString() }, { headers: adminHeaders() });
}

export default function QuotePreview({ loaderData }: Route.ComponentProps) {
  const { id, quote, today } = loaderData;
  return (
    <>
      <div role="note" className="bg-amber-brand px-4 py-3 text-navy-950">
        <div className="container-page flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold">
            Preview: the saved quote as the client sees it.{" "}
            {quote.status === "draft"
              ? "It is a draft: the client cannot open their link until you send it."
              : "The buttons do nothing here."}
          </p>
          <Link to={`/admin/quotes/${id}`} className="btn-dark !min-h-10 text-sm">
            Back to the editor
          </Link>
        </div>
      </div>
      <QuoteDocument quote={quote} chosen={null} today={today} preview />
    </>
  );
}

/** A page of its own (outside the admin layout): a role that may not see quotes is told so here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className="container-page py-12">
        <AdminForbidden />
      </div>
    );
  throw error;
}
