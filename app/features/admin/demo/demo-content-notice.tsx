import { useState } from "react";
import { Link } from "react-router";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from "~/components/ui/dialog";
import { rowButton } from "~/components/ui/button-styles";
import { FormAlert } from "~/components/ui/form";
import { useMutation } from "../list/mutation";
import { demoTotal, describeDemoCounts, type DemoCounts } from "./demo-counts";

/**
 * The dashboard's notice while demo rows are on the public site, with the one "Remove demo content"
 * action (after a confirmation). Hidden once there are none: the site then shows only the
 * business's own content.
 */
export function DemoContentNotice({ counts, mayRemove }: { counts: DemoCounts; mayRemove: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const { mutate, pending, formError } = useMutation();
  if (demoTotal(counts) === 0) return null;

  async function remove() {
    const outcome = await mutate<DemoCounts>("DELETE", "/api/admin/demo-content", undefined, {
      success: (removed) => ({
        title: "Demo content removed",
        description: `Removed ${describeDemoCounts(removed)}. The public site shows only your own content now.`,
      }),
    });
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
      <p className="mt-2 max-w-3xl">
        {describeDemoCounts(counts)} were written for a fictional contractor so the site did not start empty. They
        appear on the public site, marked <strong>Demo</strong> in their lists, until you replace them: edit one to make
        it yours, or remove them all once your own work is in. Invented reviews and projects should not stay up on a
        real business's site.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/admin/projects" className={rowButton.light}>
          Review projects
        </Link>
        <Link to="/admin/testimonials" className={rowButton.light}>
          Review testimonials
        </Link>
        {mayRemove ? (
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
          <p>
            This deletes {describeDemoCounts(counts)} from the site for good. Rows you have edited are yours and stay,
            and your page texts are not touched.
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
