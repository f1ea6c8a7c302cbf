import { useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import { PlainNotFound, SomethingWentWrong } from "~/components/error-screens";
import { useHydrated } from "~/components/use-hydrated";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { formatDay } from "~/features/quotes/quote-dates";
import { dublinDay } from "~/features/time/dublin-time";
import { PRIVATE_HEADERS } from "~/features/quotes/quote-client-api.server";
import { formatCents, formatQuantity, formatRate, lineNetCents } from "~/features/quotes/quote-totals";
import { REVERSE_CHARGE_NOTE, UNIT_WORDS } from "~/features/quotes/quote-types";
import { useBusiness } from "~/root";
import type { Route } from "./+types/invoice-client-page";
import { bankOf, findInvoiceByToken, invoiceContext, pdfInvoiceOf } from "./invoice-documents.server";
import { balanceWords, documentTitle, groupIban } from "./invoice-format";
import { balanceOf } from "./invoice-view";

// The client's invoice (or credit note) at /i/<token> (issue 38): what they owe and by when, how to
// pay (the bank account, the IBAN in groups of four, the reference with a copy button once scripts
// run), the PDF and the e-invoice, and the document as printed. Private to whoever holds the link:
// never cached or indexed, outside the public layout; server-rendered, so it reads without scripts.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context;
  const db = services.database.db;
  const row = await findInvoiceByToken(db, params.token);
  // One answer for a link that is wrong in any way (unknown, malformed, a draft): nothing says which.
  if (!row) throw data("Not found", { status: 404, headers: PRIVATE_HEADERS });
  const bank = bankOf(services.settings.businessSettings());
  const doc = pdfInvoiceOf(row, await invoiceContext(db, row), bank);
  return data(
    {
      doc: { ...doc, bank: doc.bank ? { ...doc.bank, iban: groupIban(doc.bank.iban) } : null },
      paidCents: row.paidCents,
      rctCents: row.rctCents,
      balanceCents: balanceOf(row),
      today: dublinDay(new Date()),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers = () => PRIVATE_HEADERS;

/** Its own boundary, so a wrong link's 404 also carries the private headers (never stored by anyone). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <main>
        <PlainNotFound />
      </main>
    );
  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-4">
      <SomethingWentWrong />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData as { business: { name: string } } | undefined;
  const name = root?.business.name ?? "";
  return [
    {
      title: loaderData ? `${documentTitle(loaderData.doc.kind)} ${loaderData.doc.number} | ${name}` : "Page Not Found",
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10";

export default function InvoiceClientPage({ loaderData, params }: Route.ComponentProps) {
  const { doc, paidCents, rctCents, balanceCents, today } = loaderData;
  const business = useBusiness();
  const credit = doc.kind === "credit-note";
  const title = documentTitle(doc.kind);
  const standing = balanceWords({ ...doc, balanceCents, paidCents: paidCents + rctCents }, today);
  const t = doc.totals;
  const base = `/i/${params.token}`;
  return (
    <main id="main" className="min-h-screen bg-mist px-4 py-6 text-navy-900 sm:py-10">
      <div className="mx-auto max-w-2xl space-y-6">
        <header>
          <p className="text-sm font-semibold text-slate-brand">{business.name}</p>
          <h1 className="mt-1 text-2xl font-bold">
            {title} <span className="whitespace-nowrap">{doc.number}</span>
          </h1>
          {doc.jobNumber && <p className="mt-1 text-slate-brand">Job {doc.jobNumber}</p>}
        </header>

        <section aria-labelledby="balance-heading" className={card}>
          <h2 id="balance-heading" className="sr-only">
            What you owe
          </h2>
          <p
            role="status"
            className={`text-lg font-bold ${standing.tone === "overdue" ? "text-red-800" : standing.tone === "paid" ? "text-green-800" : ""}`}
          >
            {standing.words}
          </p>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>{credit ? "Amount credited" : "Invoice total"}</dt>
            <dd className="text-right font-semibold tabular-nums">{formatCents(t.grossCents)}</dd>
            {!credit && (
              <>
                <dt>Paid so far</dt>
                <dd className="text-right tabular-nums">{formatCents(paidCents)}</dd>
                {rctCents > 0 && (
                  <>
                    <dt>RCT withheld by you (counts as paid)</dt>
                    <dd className="text-right tabular-nums">{formatCents(rctCents)}</dd>
                  </>
                )}
                <dt className="font-semibold">Still to pay</dt>
                <dd className="text-right text-xl font-bold tabular-nums">{formatCents(balanceCents)}</dd>
                {doc.dueOn && (
                  <>
                    <dt>Due date</dt>
                    <dd className="text-right font-semibold">{formatDay(doc.dueOn)}</dd>
                  </>
                )}
              </>
            )}
          </dl>
        </section>

        {!credit && balanceCents > 0 && <HowToPay bank={doc.bank} reference={doc.number} phone={business.phone} />}

        <section aria-labelledby="downloads-heading" className={card}>
          <h2 id="downloads-heading" className="text-xl font-bold">
            Downloads
          </h2>
          <ul className="mt-3 flex flex-col gap-3 sm:flex-row">
            <li>
              <a className="btn-dark inline-flex min-h-12 items-center" href={`${base}/pdf`}>
                Download the PDF
              </a>
            </li>
            <li>
              <a
                className="btn-outline inline-flex min-h-12 items-center"
                href={`${base}/ubl.xml`}
                download={`${doc.number}.xml`}
              >
                E-invoice (UBL XML)
              </a>
            </li>
          </ul>
          <p className="mt-2 text-sm text-slate-brand">
            The e-invoice is for accounts software (EN 16931, Peppol BIS Billing 3.0).
          </p>
        </section>

        <PrintedDocument doc={doc} />
      </div>
    </main>
  );
}

type ClientDoc = Route.ComponentProps["loaderData"]["doc"];

function HowToPay({ bank, reference, phone }: { bank: ClientDoc["bank"]; reference: string; phone: string }) {
  return (
    <section aria-labelledby="pay-heading" className={card}>
      <h2 id="pay-heading" className="text-xl font-bold">
        How to pay
      </h2>
      {bank ? (
        <>
          <p className="mt-2">By bank transfer to:</p>
          <dl className="mt-2 space-y-2">
            <div>
              <dt className="text-sm text-slate-brand">Account name</dt>
              <dd className="font-semibold">{bank.accountName}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-brand">IBAN</dt>
              <dd className="font-mono text-lg font-semibold break-words">{bank.iban}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-brand">BIC</dt>
              <dd className="font-mono font-semibold">{bank.bic}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-brand">Payment reference</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <span className="font-mono text-lg font-semibold">{reference}</span>
                <CopyButton text={reference} />
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-brand">Please quote the reference so we can match your payment.</p>
        </>
      ) : (
        <p className="mt-2">
          Please quote <strong>{reference}</strong> with your payment, and ring us on {phone} for our bank details.
        </p>
      )}
    </section>
  );
}

/** Copies the reference (only once scripts run: without them the reference is plain text to select). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        className="btn-outline min-h-11"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied("yes"),
            () => setCopied("no"),
          );
        }}
      >
        Copy reference
      </button>
      <span aria-live="polite" className="text-sm">
        {copied === "yes" ? "Copied" : copied === "no" ? "Could not copy: select the reference instead" : ""}
      </span>
    </>
  );
}

/** The document as the PDF prints it: parties, dates, lines, VAT by rate and totals. */
function PrintedDocument({ doc }: { doc: ClientDoc }) {
  const credit = doc.kind === "credit-note";
  const t = doc.totals;
  const party = (p: ClientDoc["seller"], withVat: boolean) =>
    [
      p.name,
      ...p.address,
      p.eircode,
      withVat && p.vatNumber ? `VAT number: ${compactVatNumber(p.vatNumber)}` : "",
    ].filter(Boolean);
  return (
    <section aria-labelledby="document-heading" className={card}>
      <h2 id="document-heading" className="text-xl font-bold">
        The {credit ? "credit note" : "invoice"}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-brand">From</h3>
          <p className="whitespace-pre-line">{party(doc.seller, true).join("\n")}</p>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-brand">{credit ? "Credit to" : "Bill to"}</h3>
          <p className="whitespace-pre-line">{party(doc.buyer, doc.reverseCharge).join("\n")}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-brand">Date of issue</dt>
        <dd>{doc.issuedOn ? formatDay(doc.issuedOn) : ""}</dd>
        {doc.supplyDate && (
          <>
            <dt className="text-slate-brand">Date of supply</dt>
            <dd>{formatDay(doc.supplyDate)}</dd>
          </>
        )}
        {credit && doc.credits && (
          <>
            <dt className="text-slate-brand">Credits invoice</dt>
            <dd>{doc.credits.number}</dd>
          </>
        )}
        {credit && doc.reason && (
          <>
            <dt className="text-slate-brand">Reason</dt>
            <dd>{doc.reason}</dd>
          </>
        )}
      </dl>
      <h3 className="mt-5 font-semibold">Lines</h3>
      <ul className="mt-2 divide-y divide-navy-900/10 border-y border-navy-900/10">
        {doc.lines.map((line, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-x-4 py-2">
            <div className="min-w-0 flex-1">
              <p>{line.description}</p>
              <p className="text-sm text-slate-brand">
                {formatQuantity(line.quantity)} {UNIT_WORDS[line.unit]} × {formatCents(line.unitPriceCents)} ex VAT ·{" "}
                {doc.reverseCharge ? "reverse charge" : `VAT ${formatRate(line.vatRate)}`}
              </p>
            </div>
            <p className="font-semibold tabular-nums">{formatCents(lineNetCents(line))}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {t.retentionCents !== 0 && (
          <>
            <dt>Work billed</dt>
            <dd className="text-right tabular-nums">{formatCents(t.netCents + t.retentionCents)}</dd>
            <dt>Less retention held</dt>
            <dd className="text-right tabular-nums">−{formatCents(t.retentionCents)}</dd>
          </>
        )}
        <dt>Net total</dt>
        <dd className="text-right tabular-nums">{formatCents(t.netCents)}</dd>
        {!doc.reverseCharge &&
          t.vat.map((v) => (
            <div key={v.rate} className="contents">
              <dt>
                VAT at {formatRate(v.rate)} on {formatCents(v.netCents)}
              </dt>
              <dd className="text-right tabular-nums">{formatCents(v.vatCents)}</dd>
            </div>
          ))}
        <dt>{doc.reverseCharge ? "VAT (reverse charge)" : "VAT total"}</dt>
        <dd className="text-right tabular-nums">{formatCents(t.vatCents)}</dd>
        <dt className="font-bold">{credit ? "Total credited" : "Total"}</dt>
        <dd className="text-right font-bold tabular-nums">{formatCents(t.grossCents)}</dd>
      </dl>
      {doc.reverseCharge && <p className="mt-3 font-semibold">{REVERSE_CHARGE_NOTE}</p>}
    </section>
  );
}
