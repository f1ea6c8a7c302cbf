import { useState, type FormEvent } from "react";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from "~/components/ui/dialog";
import type { InvoiceLine } from "~/db/column-types";
import {
  CreditNoteSchema,
  InvoiceDraftChangeSchema,
  NewInvoiceSchema,
  validateInvoiceInput,
} from "~/features/invoices/invoice-schema";
import { formatCents } from "~/features/quotes/quote-totals";
import { AskFirstDialog, DialogProblem } from "../list/ask-first-dialog";
import { emptyLine, InvoiceLinesFields, lineDraftOf, linesPayload, type LineDraft } from "./invoice-lines-fields";

// The invoice page's and the Billing panel's dialogs: issue (it cannot be changed after), credit
// note (reason, the whole or some lines), delete a draft or a payment, change a draft, and a custom
// invoice's lines. Each checks with invoice-schema first; the API is the final word (its field errors show
// by the fields, anything else under them).

type Errors = Partial<Record<string, string>>;

type AskProps = { open: unknown; pending: boolean; problem: string | null; onClose: () => void };

export function IssueDialog({
  name,
  grossCents,
  onIssue,
  ...props
}: AskProps & { name: string; grossCents: number; onIssue: () => void }) {
  return (
    <AskFirstDialog {...props} title="Issue this invoice?" action="Issue invoice" onConfirm={onIssue}>
      <p>
        {name} for {formatCents(grossCents)} gets its number and today&apos;s date.{" "}
        <strong>Once issued it cannot be changed or deleted:</strong> any correction is made with a credit note.
      </p>
    </AskFirstDialog>
  );
}

export function DeleteDraftDialog({ onDelete, ...props }: AskProps & { onDelete: () => void }) {
  return (
    <AskFirstDialog {...props} title="Delete this draft?" action="Delete draft" danger onConfirm={onDelete}>
      <p>The draft is removed. It has no number yet, so nothing is missing from the series.</p>
    </AskFirstDialog>
  );
}

/** A payment recorded by mistake: the balance, the status and the period's payments follow. */
export function DeletePaymentDialog({
  amount,
  paidOn,
  onDelete,
  ...props
}: AskProps & { amount: string; paidOn: string; onDelete: () => void }) {
  return (
    <AskFirstDialog {...props} title="Delete this payment?" action="Delete payment" danger onConfirm={onDelete}>
      <p>
        The payment of <strong>{amount}</strong> received on {paidOn} is removed. The invoice&apos;s balance and status
        are worked out again, and the payment leaves the VAT summary&apos;s payments received.
      </p>
    </AskFirstDialog>
  );
}

/** A custom invoice's lines (new, or a draft's change) and, for a draft, its date of supply. */
export function LinesDialog({
  open,
  title,
  submitLabel,
  initial,
  supplyDate,
  pending,
  problem,
  serverErrors,
  onClose,
  onSubmit,
}: {
  open: unknown;
  title: string;
  submitLabel: string;
  /** The draft's lines; none for a new custom invoice. Null: a schedule draft (its lines stay). */
  initial: ReadonlyArray<InvoiceLine> | null;
  /** Shown for a draft (undefined: not asked). */
  supplyDate?: string;
  pending: boolean;
  problem: string | null;
  serverErrors: Errors;
  onClose: () => void;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} busy={pending}>
      <LinesForm
        title={title}
        submitLabel={submitLabel}
        initial={initial}
        supplyDate={supplyDate}
        pending={pending}
        problem={problem}
        serverErrors={serverErrors}
        onSubmit={onSubmit}
      />
    </Dialog>
  );
}

function LinesForm(props: Omit<Parameters<typeof LinesDialog>[0], "open" | "onClose">) {
  const { initial, supplyDate } = props;
  const [lines, setLines] = useState<LineDraft[]>(initial?.length ? initial.map(lineDraftOf) : [emptyLine()]);
  const [supply, setSupply] = useState(supplyDate ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...props.serverErrors, ...errors };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (initial !== null) body.lines = linesPayload(lines);
    if (supplyDate !== undefined) body.supplyDate = supply.trim() === "" ? null : supply.trim();
    const checked =
      supplyDate === undefined
        ? validateInvoiceInput(NewInvoiceSchema, { kind: "custom", ...body })
        : validateInvoiceInput(InvoiceDraftChangeSchema, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) props.onSubmit(body);
  }
  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
      <DialogHeader title={props.title} />
      <DialogBody>
        {initial !== null && <InvoiceLinesFields lines={lines} onChange={setLines} errors={shown} />}
        {supplyDate !== undefined && (
          <label className="block font-semibold">
            Date of supply (optional)
            <input
              type="date"
              name="supplyDate"
              className="mt-1 block rounded-md border border-slate-300 px-3 py-2"
              value={supply}
              aria-invalid={Boolean(shown.supplyDate)}
              onChange={(e) => setSupply(e.target.value)}
            />
            <span className="block text-sm font-normal text-slate-brand">Left empty, it is the issue date.</span>
            {shown.supplyDate && <span className="block font-normal text-red-700">{shown.supplyDate}</span>}
          </label>
        )}
        <DialogProblem message={props.problem} />
      </DialogBody>
      <DialogFooter>
        <DialogClose>Cancel</DialogClose>
        <button type="submit" className="btn-primary !min-h-10 text-sm" disabled={props.pending}>
          {props.submitLabel}
        </button>
      </DialogFooter>
    </form>
  );
}

export function CreditNoteDialog({
  open,
  name,
  pending,
  problem,
  serverErrors,
  onClose,
  onCredit,
}: {
  open: unknown;
  name: string;
  pending: boolean;
  problem: string | null;
  serverErrors: Errors;
  onClose: () => void;
  onCredit: (body: { reason: string; lines?: unknown[] }) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} busy={pending}>
      <CreditForm name={name} pending={pending} problem={problem} serverErrors={serverErrors} onCredit={onCredit} />
    </Dialog>
  );
}

function CreditForm(props: Omit<Parameters<typeof CreditNoteDialog>[0], "open" | "onClose">) {
  const [reason, setReason] = useState("");
  const [part, setPart] = useState(false);
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...props.serverErrors, ...errors };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { reason, ...(part ? { lines: linesPayload(lines) } : {}) };
    const checked = validateInvoiceInput(CreditNoteSchema, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) props.onCredit(body);
  }
  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
      <DialogHeader title={`Credit note on ${props.name}`} />
      <DialogBody>
        <p>
          A credit note is a document of its own, issued at once with its number. It takes back the whole of what is
          left on the invoice, or only the lines you give.
        </p>
        <label className="block font-semibold">
          Reason (printed on the credit note)
          <textarea
            name="reason"
            rows={2}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            value={reason}
            aria-invalid={Boolean(shown.reason)}
            onChange={(e) => setReason(e.target.value)}
          />
          {shown.reason && <span className="block font-normal text-red-700">{shown.reason}</span>}
        </label>
        <fieldset className="space-y-1">
          <legend className="font-semibold">What it takes back</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="part" checked={!part} onChange={() => setPart(false)} />
            The whole invoice (what is left on it)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="part" checked={part} onChange={() => setPart(true)} />
            Some lines only
          </label>
        </fieldset>
        {part && <InvoiceLinesFields lines={lines} onChange={setLines} errors={shown} />}
        <DialogProblem message={props.problem} />
      </DialogBody>
      <DialogFooter>
        <DialogClose>Cancel</DialogClose>
        <button type="submit" className="btn-primary !min-h-10 text-sm" disabled={props.pending}>
          Issue credit note
        </button>
      </DialogFooter>
    </form>
  );
}
