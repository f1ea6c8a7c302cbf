import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Dialog, DialogBody, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { buttonClass } from "~/components/ui/button-styles";

// Leaving an editor with unsaved changes asks first: a link or Back inside the admin opens this
// dialog (Stay keeps the text, Leave discards it); closing or reloading the tab gets the browser's
// own "Leave site?" question (beforeunload), the only one a page may show there.

export function UnsavedChangesPrompt({
  when,
  what = "this page",
  onlyOtherPages = false,
}: {
  when: boolean;
  what?: string;
  /** Let the page change its own query (a list's search, running behind an edit dialog) without asking. */
  onlyOtherPages?: boolean;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (!onlyOtherPages && currentLocation.search !== nextLocation.search)),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  // Saved (or undone) while the question was showing: nothing would be lost, so go on.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.proceed();
  }, [blocker, when]);

  const stay = () => {
    if (blocker.state === "blocked") blocker.reset();
  };

  return (
    <Dialog open={blocker.state === "blocked"} onClose={stay} className="w-[min(100vw-1rem,30rem)]">
      <div className="px-5 pt-5 sm:px-6">
        <DialogTitle>Leave without saving?</DialogTitle>
      </div>
      <DialogBody className="space-y-3">
        <p>You have changed {what} and not saved it. If you leave now, those changes are lost.</p>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttonClass.light} onClick={() => blocker.proceed?.()}>
          Leave without saving
        </button>
        <button type="button" className="btn-dark" data-autofocus onClick={stay}>
          Stay on this page
        </button>
      </DialogFooter>
    </Dialog>
  );
}
