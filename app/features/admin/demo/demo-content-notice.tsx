import { useState } from "react";
import { Link } from "react-router";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from "~/components/ui/dialog";
import { rowButton } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/form";
import type { SampleFact } from "~/features/site/sample-facts";
import { useMutation } from "../list/mutation";
import { demoTotal, describeDemoCounts, type DemoCounts, type DemoRemoval } from "./demo-counts";

/**
 * The dashboard's notice while demo rows or sample business details (Settings > Business) are on
 * the public site, listing the sample values, with the one "Remove demo content" action (after a
 * confirmation). Hidden once there are none: the site then shows only the business's own content.
 */
export function DemoContentNotice({
  counts,
  sampleFacts,
  mayRemove,
}: {
  counts: DemoCounts;
  sampleFacts: ReadonlyArray<SampleFact>;
  mayRemove: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  // The FAQs answer real questions, so keeping them is the default (they become the business's own).
  const [keepFaqs, setKeepFaqs] = useState(true);
  const { mutate, pending, formError } = useMutation();
  if (demoTotal(counts) === 0 && sampleFacts.length === 0) return null;
  const rows = demoTotal({ ...counts, rating: 0 });

  async function remove() {
    const outcome = await mutate<DemoRemoval>(
      "DELETE",
      "/api/admin/demo-content",
      { keepFaqs },
      {
        success: (removed) => ({
          title: "Demo content removed",
          description:
            `Removed ${describeDemoCounts(removed)}.` +
            (removed.keptFaqs > 0 ? ` Kept ${removed.keptFaqs} FAQs as your own.` : "") +
            " The public site shows only your own content now.",
        }),
      },
    );
    if (outcome.ok) setConfirming(false);
  }

  return (
    <section
      aria-labelledby="demo-content-heading"
      className="mt-8 rounded-xl bg-amber-50 p-6 shadow-sm ring-1 ring-amber-brand/50"
    >
      <h2 id="demo-content-heading" className="text-xl font-bold">
        Your site is showing demo content
      </h2>
      {rows > 0 && (
        <p className="mt-2 max-w-3xl">
          {describeDemoCounts({ ...counts, rating: 0 })} were written for a fictional contractor so the site did not
          start empty. They appear on the public site, marked <strong>Demo</strong> in their lists, until you replace
          them: edit one to make it yours, or remove them all once your own work is in. Invented reviews and projects
          should not stay up on a real business&apos;s site.
        </p>
      )}
      {sampleFacts.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Sample business details still in use</h3>
          <p className="mt-1 max-w-3xl">
            These came with the site and are not yours. Pages, e-mails and quotes show them until you change them in{" "}
            <Link to="/admin/settings" className="font-semibold underline underline-offset-4">
              Settings → Business
            </Link>
            ; no quote is sent while the VAT number is the sample.
          </p>
          <ul aria-label="Sample business details" className="mt-2 list-disc space-y-1 pl-6">
            {sampleFacts.map((fact) => (
              <li key={fact.field}>
                {fact.label}: {fact.value}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {rows > 0 && (
          <>
            <Link to="/admin/projects" className={rowButton.light}>
              Review projects
            </Link>
            <Link to="/admin/testimonials" className={rowButton.light}>
              Review testimonials
            </Link>
          </>
        )}
        {demoTotal(counts) === 0 ? null : mayRemove ? (
          <button type="button" className={rowButton.danger} onClick={() => setConfirming(true)}>
            Remove demo content
          </button>
        ) : (
          <p className="self-center text-sm">An owner can remove it all at once.</p>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        busy={pending}
        className="w-[min(100vw-1rem,32rem)]"
      >
        <DialogHeader title="Remove demo content?" />
        <DialogBody className="space-y-3">
          <p>This deletes {describeDemoCounts(keepFaqs ? { ...counts, faqs: 0 } : counts)} from the site for good.</p>
          {counts.faqs > 0 && (
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-5"
                checked={keepFaqs}
                onChange={(e) => setKeepFaqs(e.currentTarget.checked)}
              />
              <span>
                Keep the {counts.faqs} FAQs (they answer questions your visitors ask, and become yours to edit)
              </span>
            </label>
          )}
          <p>
            It keeps {keepFaqs && counts.faqs > 0 ? `the ${counts.faqs} FAQs, ` : ""}your page texts, your blog posts
            and every row you have edited.
          </p>
          {formError && <FormAlert>{formError}</FormAlert>}
        </DialogBody>
        <DialogFooter>
          <DialogClose startsFocused>Keep it for now</DialogClose>
          <button
            type="button"
            className="btn !min-h-10 bg-red-800 text-sm text-white hover:bg-red-900"
            disabled={pending}
            onClick={() => void remove()}
          >
            {pending ? "Removing..." : "Remove demo content"}
          </button>
        </DialogFooter>
      </Dialog>
    </section>
  );
}
