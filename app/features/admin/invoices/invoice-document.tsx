import type { InvoiceParty } from "~/db/column-types";
import { compactVatNumber } from "~/features/clients/irish-codes";
import type { InvoiceView } from "~/features/invoices/invoice-view";
import { formatCents, formatQuantity, formatRate, lineNetCents } from "~/features/quotes/quote-totals";
import { REVERSE_CHARGE_NOTE, UNIT_WORDS } from "~/features/quotes/quote-types";
import { documentName, irishDate } from "./invoice-format";

// An invoice or credit note as printed (issue 38, VAT Act section 66): the business's name, address
// and VAT number; the client's name and address (and VAT number under the reverse charge); number,
// issue date and date of supply; per line the description, quantity, unit price before VAT, rate
// and net; VAT by rate; the totals; under the reverse charge no VAT and the words the Act asks for.

type Line = InvoiceView["lines"][number];

/** A line's figures after its description: the table's columns, and each card's on a phone. */
const lineFigures = (
  reverseCharge: boolean,
): ReadonlyArray<{ label: string; value: (line: Line) => string; strong?: boolean }> => [
  { label: "Quantity", value: (l) => `${formatQuantity(l.quantity)} ${UNIT_WORDS[l.unit]}` },
  { label: "Unit price (excl. VAT)", value: (l) => formatCents(l.unitPriceCents) },
  { label: "VAT rate", value: (l) => (reverseCharge ? "Reverse charge" : formatRate(l.vatRate)) },
  // The card's figure that matters most; the table sets it apart by its place, last.
  { label: "Net", value: (l) => formatCents(lineNetCents(l)), strong: true },
];

function Party({ label, party, showVat }: { label: string; party: InvoiceParty; showVat: boolean }) {
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-brand">{label}</h3>
      <p className="font-semibold">{party.name}</p>
      <address className="not-italic">
        {party.address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        {party.eircode && <span className="block">{party.eircode}</span>}
      </address>
      {showVat && party.vatNumber && <p>VAT number: {compactVatNumber(party.vatNumber)}</p>}
      {party.email && <p className="break-all text-slate-brand">{party.email}</p>}
    </div>
  );
}

export function InvoiceDocument({
  invoice,
  seller,
  buyer,
  reason,
  credits,
}: {
  invoice: InvoiceView;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  reason: string;
  credits: { number: string | null } | null;
}) {
  const credit = invoice.kind === "credit-note";
  const { totals } = invoice;
  const figures = lineFigures(invoice.reverseCharge);
  const lineNet = totals.netCents + totals.retentionCents;
  return (
    <article aria-label={documentName(invoice)} className="space-y-6 rounded-xl border border-mist bg-white p-4 sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold">{credit ? "Credit note" : "Invoice"}</h2>
          <p className="text-lg font-semibold">{invoice.number ?? "Draft: numbered when issued"}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-brand">Issue date</dt>
          <dd>{irishDate(invoice.issuedOn) || "When issued"}</dd>
          <dt className="text-slate-brand">Date of supply</dt>
          <dd>{irishDate(invoice.supplyDate ?? invoice.issuedOn) || "The issue date, unless set"}</dd>
          {!credit && (
            <>
              <dt className="text-slate-brand">Due</dt>
              <dd>{irishDate(invoice.dueOn) || "Set when issued"}</dd>
            </>
          )}
          {credits && (
            <>
              <dt className="text-slate-brand">Credits invoice</dt>
              <dd>{credits.number}</dd>
            </>
          )}
        </dl>
      </header>
      <div className="grid gap-6 sm:grid-cols-2">
        <Party label="From" party={seller} showVat />
        <Party label={credit ? "To" : "Bill to"} party={buyer} showVat={invoice.reverseCharge} />
      </div>
      {credit && reason && (
        <p>
          <span className="font-semibold">Reason:</span> {reason}
        </p>
      )}
      {/* Five columns do not fit a phone: below md each line is a card, as the admin lists do. */}
      <ul aria-label="Lines" className="divide-y divide-mist border-y border-mist md:hidden">
        {invoice.lines.map((line, i) => (
          <li key={i} className="py-3">
            <p className="break-words font-medium">{line.description}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {figures.map((f) => (
                <div key={f.label}>
                  <dt className="text-slate-brand">{f.label}</dt>
                  <dd className={`tabular-nums ${f.strong ? "font-semibold" : ""}`}>{f.value(line)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden max-w-full overflow-x-auto md:block">
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">Lines</caption>
          <thead className="border-b border-mist text-slate-brand">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Description
              </th>
              {figures.map((f, i) => (
                <th key={f.label} scope="col" className={`py-2 text-right ${i < figures.length - 1 ? "pr-3" : ""}`}>
                  {f.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={i} className="border-b border-mist align-top">
                <td className="py-2 pr-3">{line.description}</td>
                {figures.map((f, i) => (
                  <td key={f.label} className={`py-2 text-right tabular-nums ${i < figures.length - 1 ? "pr-3" : ""}`}>
                    {f.value(line)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ml-auto max-w-sm space-y-1 text-sm">
        {totals.retentionCents !== 0 && (
          <>
            <p className="flex justify-between gap-4">
              <span>Work billed (net)</span>
              <span className="tabular-nums">{formatCents(lineNet)}</span>
            </p>
            <p className="flex justify-between gap-4">
              <span>Less retention held</span>
              <span className="tabular-nums">−{formatCents(totals.retentionCents)}</span>
            </p>
          </>
        )}
        <p className="flex justify-between gap-4 font-semibold">
          <span>Total excluding VAT</span>
          <span className="tabular-nums">{formatCents(totals.netCents)}</span>
        </p>
        {!invoice.reverseCharge && (
          <table className="w-full">
            <caption className="sr-only">VAT by rate</caption>
            <tbody>
              {totals.vat.map((v) => (
                <tr key={v.rate}>
                  <th scope="row" className="py-0.5 text-left font-normal">
                    VAT at {formatRate(v.rate)} on {formatCents(v.netCents)}
                  </th>
                  <td className="py-0.5 text-right tabular-nums">{formatCents(v.vatCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="flex justify-between gap-4">
          <span>VAT</span>
          <span className="tabular-nums">{formatCents(totals.vatCents)}</span>
        </p>
        <p className="flex justify-between gap-4 border-t border-mist pt-1 text-base font-bold">
          <span>{credit ? "Total credited" : "Total"}</span>
          <span className="tabular-nums">{formatCents(totals.grossCents)}</span>
        </p>
        {!credit && invoice.status !== "draft" && (
          <p className="flex justify-between gap-4">
            <span>Balance due</span>
            <span className="tabular-nums">{formatCents(invoice.balanceCents)}</span>
          </p>
        )}
      </div>
      {invoice.reverseCharge && <p className="rounded-lg bg-mist p-3 font-semibold">{REVERSE_CHARGE_NOTE}</p>}
    </article>
  );
}
