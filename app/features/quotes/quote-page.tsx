import { data } from "react-router";
import { isbot } from "isbot";
import { currentUser } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/quote-page";
import { PRIVATE_HEADERS } from "./quote-client-api.server";
import { QuoteDocument } from "./quote-document";
import { clientQuote } from "./quote-documents.server";
import { recordFirstView } from "./quote-answers.server";
import { findQuoteByToken } from "./quotes.server";

// The client's quote at /q/<token>: read it, tick options in or out (the totals follow, with or
// without JavaScript), download the PDF, accept with a typed name (and, if they like, a drawn
// signature) or decline. Private to whoever holds the link: never cached, never indexed, not in
// the sitemap, outside the public layout (no chat, no menu: one document, one decision).

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const db = services.database.db;
  const found = await findQuoteByToken(db, params.token);
  if (!found) throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
  let { row } = found;
  // The client's first look, once: not staff checking the link, not a mail scanner following it.
  const userAgent = request.headers.get("user-agent") ?? "";
  if (row.status === "sent" && !isbot(userAgent) && !(await currentUser(request, services))) {
    if (await recordFirstView(services, row.id)) {
      services.outbox.kick();
      row = { ...row, status: "viewed" };
    }
  }
  const url = new URL(request.url);
  const chosen =
    url.searchParams.has("selected") || url.searchParams.has("choose") ? url.searchParams.getAll("selected") : null;
  // Back from an answer to an older revision: say so above the version that stands now.
  const updated = url.searchParams.has("updated") && (row.status === "sent" || row.status === "viewed");
  const quote = clientQuote(row, found.acceptance, row.sentAt ?? row.createdAt);
  return data(
    {
      quote,
      chosen,
      problems: url.searchParams.getAll("problem"),
      updated,
      today: new Date().toISOString(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData as { business: { name: string } } | undefined;
  const name = root?.business.name ?? "";
  return [
    { title: loaderData ? `Quote ${loaderData.quote.number} | ${name}` : "Page Not Found" },
    {
      name: "description",
      content: `Your quote from ${name}: read it, choose any optional items, download the PDF and accept or decline it online.`,
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  return <QuoteDocument {...loaderData} />;
}
