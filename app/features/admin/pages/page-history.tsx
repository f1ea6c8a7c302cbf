import type { PageChange } from "~/db/schema";
import { rowButton } from "~/components/ui/button-styles";
import { useMutation } from "../list/mutation";
import type { RevisionSummary } from "./page-types";
import { formatDateTime } from "~/features/time/irish-format";

// A page's history: every save and restore, newest first, with who and when, what changed (the
// words or lines removed and added, field by field) and Restore, which makes that version the
// draft again (publish as usual).

const ACTION_LABELS: Record<RevisionSummary["action"], string> = {
  create: "Created",
  save: "Saved",
  restore: "Restored",
};

/** Revision 1 of a page the site came with: recorded at start-up, by no one. */
const isOriginal = (r: RevisionSummary) => r.action === "create" && r.username === null;

export function PageHistory({ pageId, revisions }: { pageId: number; revisions: ReadonlyArray<RevisionSummary> }) {
  const { mutate, pending } = useMutation();

  async function restore(revision: RevisionSummary) {
    if (!window.confirm("Restore this version as the page's draft? Your current draft is kept in the history.")) return;
    await mutate("POST", `/api/admin/pages/${pageId}/revisions/${revision.id}/restore`, undefined, {
      success: { title: "Revision restored", description: "It is now the draft. Publish it to show it on the site." },
      failure: "Failed to restore revision",
    });
  }

  return (
    <section aria-labelledby="history-heading" className="rounded-xl bg-white p-5 ring-1 ring-navy-900/10 sm:p-6">
      <h2 id="history-heading" className="text-xl font-bold">
        History
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-slate-brand">No changes have been saved yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {revisions.map((r, i) => (
            <li key={r.id} className="rounded-lg border border-slate-brand/25 p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p>
                  <span className="font-semibold">Revision {r.number}</span>
                  <span className="text-slate-brand"> · </span>
                  {isOriginal(r) ? (
                    "The page's original text, as the site was set up"
                  ) : (
                    <>
                      {ACTION_LABELS[r.action]}
                      {r.restoredFrom !== null
                        ? r.restoredFromNumber !== null
                          ? ` revision ${r.restoredFromNumber}`
                          : " an earlier revision"
                        : ""}{" "}
                      by {r.username ?? "someone no longer on the system"}
                    </>
                  )}{" "}
                  on <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt)}</time>
                  {r.published && (
                    <span className="ml-2 rounded-full bg-teal-brand px-2.5 py-0.5 text-sm font-semibold text-white">
                      Live
                    </span>
                  )}
                  {i === 0 && !r.published && (
                    <span className="ml-2 rounded-full bg-amber-brand px-2.5 py-0.5 text-sm font-semibold text-navy-950">
                      Current draft
                    </span>
                  )}
                </p>
                {i > 0 && (
                  <button type="button" className={rowButton.light} disabled={pending} onClick={() => void restore(r)}>
                    Restore<span className="sr-only"> revision {r.number}</span>
                  </button>
                )}
              </div>
              {r.changes.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-navy-700 underline underline-offset-2">
                    {r.changes.length === 1 ? "1 field changed" : `${r.changes.length} fields changed`}:{" "}
                    {r.changes.map((c) => c.label).join(", ")}
                  </summary>
                  <dl className="mt-3 space-y-3">
                    {r.changes.map((c) => (
                      <ChangeDiff key={c.field} change={c} />
                    ))}
                  </dl>
                </details>
              ) : (
                !isOriginal(r) && <p className="mt-1 text-sm text-slate-brand">No text changed.</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One field's change: removed words struck through in red, added ones underlined in green. */
function ChangeDiff({ change }: { change: PageChange }) {
  return (
    <div>
      <dt className="text-sm font-semibold">{change.label}</dt>
      <dd className="mt-1 whitespace-pre-wrap break-words rounded bg-paper p-3 text-sm leading-relaxed">
        {change.parts.map((p, i) =>
          p.removed ? (
            <del key={i} className="bg-red-100 text-red-900">
              <span className="sr-only">[removed: </span>
              {p.value}
              <span className="sr-only">]</span>
            </del>
          ) : p.added ? (
            <ins key={i} className="bg-green-100 text-green-900">
              <span className="sr-only">[added: </span>
              {p.value}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </dd>
    </div>
  );
}
