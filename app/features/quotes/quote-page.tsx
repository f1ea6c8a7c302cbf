import { data, redirect } from "react-router";
import { isbot } from "isbot";
import { currentUser } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/quote-page";
import { PRIVATE_HEADERS } from "./quote-client-api.server";
import { QuoteDocument } from "./quote-document";
import { clientQuote } from "./quote-documents.server";
import { answerFromForm } from "./quote-answer-schema";
import { acceptQuote, declineQuote, recordFirstView } from "./quote-answers.server";
import { findQuoteByToken } from "./quotes.server";

// The client's quote at /q/<token>: read it, tick options in or out (the totals follow, with or
// without JavaScript), download the PDF, accept with a typed name (and, if they like, a drawn
// signature) or decline. Private to whoever holds the link: never cached, never indexed, not in
// the sitemap, outside the public layout (no chat, no menu: one document, one decision). Both forms
// post to this route's action (with or without JavaScript); scripts use the JSON API
// (quote-client-api.server.ts), which takes the same answers in the same words.

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
      updated,
      today: new Date().toISOString(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The accept or decline form's post. Answered: back to the page, which shows the answer. Too late
 * (answered already, expired): the page says where the quote stands. Changed since the client
 * opened it: the new revision, with a note. Anything to correct: the page with each message beside
 * its field and the ticks as they were; nothing is stored.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const answer = answerFromForm(form);
  const page = `/q/${params.token}`;
  const result =
    form.get("intent") === "decline"
      ? await declineQuote(services, params.token, answer.reason, answer.revision)
      : await acceptQuote(services, params.token, answer, {
          ip: context.clientIp,
          userAgent: request.headers.get("user-agent"),
        });
  switch (result.status) {
    case "not-found":
      throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
    case "invalid":
      return data({ errors: result.errors, selected: answer.selected }, { status: 400, headers: PRIVATE_HEADERS });
    case "updated":
      throw redirect(`${page}?updated=${result.revision}#answer`, { status: 303, headers: PRIVATE_HEADERS });
    case "ok":
      services.outbox.kick();
      throw redirect(`${page}#answer`, { status: 303, headers: PRIVATE_HEADERS });
    case "already":
    case "expired":
      throw redirect(`${page}#answer`, { status: 303, headers: PRIVATE_HEADERS });
  }
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

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <QuoteDocument
      {...loaderData}
      chosen={actionData?.selected ?? loaderData.chosen}
      errors={actionData?.errors ?? {}}
    />
  );
}
