import { useState, type FormEvent } from "react";
import { Card } from "~/components/ui/card";
import { EditingForm, FormAlert } from "~/components/ui/form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { PAYMENT_METHODS } from "~/db/column-types";
import type { InvoiceView } from "~/features/invoices/invoice-view";
import type { PaymentView } from "~/features/invoices/invoice-payments.server";
import { RCT_RATES } from "~/features/invoices/invoice-maths";
import { centsFromEuro, PaymentSchema } from "~/features/invoices/payment-schema";
import { dublinDay } from "~/features/time/dublin-time";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import { fieldErrorsOf } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import { useMutation } from "../list/mutation";
import { DeletePaymentDialog } from "./invoice-dialogs";

// The payments on an invoice, for its admin page (issue 38): what was received (and RCT withheld
// under the reverse charge), a form to record a payment (POST …/payments), and deleting one
// recorded by mistake. Money received while the invoice is still a draft is flagged until it is
// issued, with the day the regulations give to issue it (the 15th of the following month). The
// page's loader reads `payments` with listPayments (invoice-payments.server.ts).

const METHOD_LABELS = { transfer: "Bank transfer", card: "Card", cheque: "Cheque", cash: "Cash" } as const;

type Invoice = Pick<InvoiceView, "id" | "kind" | "status" | "balanceCents" | "reverseCharge">;

export function InvoicePayments({ invoice, payments }: { invoice: Invoice; payments: PaymentView[] }) {
  const { mutate, pending, formError, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();
  const [deleting, setDeleting] = useState<PaymentView | null>(null);
  const today = dublinDay(new Date());
  const unmatched = payments.filter((p) => p.unmatched);
  const takesPayments = invoice.kind !== "credit-note" && invoice.status !== "credited" && invoice.balanceCents > 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const element = event.currentTarget;
    const form = new FormData(element);
    const rct = formText(form, "rctRate");
    const payload = {
      paidOn: formText(form, "paidOn"),
      amountCents: centsFromEuro(formText(form, "amount")),
      method: formText(form, "method"),
      reference: formText(form, "reference"),
      ...(rct ? { rctRate: Number(rct) } : {}),
    };
    const checked = PaymentSchema.safeParse(payload);
    if (!checked.success) {
      const errors = fieldErrorsOf(checked.error);
      const { amountCents, ...rest } = errors;
      return showFieldErrors(amountCents ? { ...rest, amount: amountCents } : rest);
    }
    const done = await mutate("POST", `/api/admin/invoices/${invoice.id}/payments`, checked.data, {
      success: { title: "Payment recorded", description: "The invoice's balance has been updated" },
      failure: "Failed to record the payment",
    });
    if (!done.ok && done.error.fieldErrors.amountCents)
      showFieldErrors({ ...done.error.fieldErrors, amount: done.error.fieldErrors.amountCents });
    if (done.ok) element.reset();
  }

  async function remove(payment: PaymentView) {
    const done = await mutate("DELETE", `/api/admin/invoices/${invoice.id}/payments/${payment.id}`, undefined, {
      success: { title: "Payment deleted", description: "The invoice's balance has been worked out again" },
    });
    if (done.ok) setDeleting(null);
  }

  return (
    <Card title="Payments">
      {unmatched.length > 0 && (
        <p role="note" className="mt-3 rounded-lg bg-amber-brand/15 p-3 text-sm ring-1 ring-amber-brand/50">
          Received with no invoice for it: {formatCents(unmatched.reduce((s, p) => s + p.amountCents, 0))} arrived while
          this invoice is a draft. Issue it by {formatDay(unmatched[0]!.issueInvoiceBy!)}.
        </p>
      )}
      {payments.length === 0 ? (
        <p className="mt-3 text-slate-brand">No payments recorded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-mist" aria-label="Payments received">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold tabular-nums">
                  {formatCents(p.amountCents)} · {METHOD_LABELS[p.method]}
                  {p.reference && <span className="font-normal"> · {p.reference}</span>}
                </p>
                <p className="text-sm text-slate-brand">
                  {formatDay(p.paidOn)}
                  {p.rctCents > 0 && ` · RCT withheld at ${p.rctRate}%: ${formatCents(p.rctCents)}`}
                </p>
              </div>
              <button
                type="button"
                className="text-sm font-semibold text-red-700 underline"
                disabled={pending}
                onClick={() => setDeleting(p)}
              >
                Delete<span className="sr-only"> the payment of {formatCents(p.amountCents)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {takesPayments && (
        <EditingForm
          formRef={formRef}
          onSubmit={onSubmit}
          onFieldEdited={clearFieldError}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          aria-label="Record a payment"
        >
          <TextField
            label="Paid on"
            name="paidOn"
            type="date"
            required
            defaultValue={today}
            max={today}
            error={fieldErrors.paidOn}
          />
          <TextField
            label="Amount received (€)"
            name="amount"
            inputMode="decimal"
            required
            hint={
              invoice.reverseCharge
                ? `What arrived, after any RCT the principal withheld. Owed: ${formatCents(invoice.balanceCents)}`
                : `Owed: ${formatCents(invoice.balanceCents)}`
            }
            error={fieldErrors.amount}
          />
          <SelectField
            label="Method"
            name="method"
            required
            defaultValue="transfer"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
            error={fieldErrors.method}
          />
          <TextField label="Reference" name="reference" optional maxLength={140} error={fieldErrors.reference} />
          {invoice.reverseCharge && (
            <SelectField
              label="RCT withheld by the principal"
              name="rctRate"
              hint="The share of the gross the principal contractor kept back for Revenue: it counts as paid."
              defaultValue=""
              options={[
                { value: "", label: "None recorded" },
                ...RCT_RATES.map((r) => ({ value: String(r), label: `${r}%` })),
              ]}
              error={fieldErrors.rctRate}
            />
          )}
          {formError && !deleting && <FormAlert>{formError}</FormAlert>}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-dark" disabled={pending}>
              {pending ? "Recording..." : "Record Payment"}
            </button>
          </div>
        </EditingForm>
      )}
      <DeletePaymentDialog
        open={deleting}
        amount={deleting ? formatCents(deleting.amountCents) : ""}
        paidOn={deleting ? formatDay(deleting.paidOn) : ""}
        pending={pending}
        problem={deleting ? formError : null}
        onClose={() => setDeleting(null)}
        onDelete={() => deleting && void remove(deleting)}
      />
    </Card>
  );
}
