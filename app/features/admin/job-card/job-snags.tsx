import { useState, type FormEvent } from "react";
import { apiRequest, failureWords } from "~/api/api-client";
import { useToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button-styles";
import { SNAG_MESSAGES, SNAG_TEXT_MAX } from "~/features/jobs/card/job-card-schema";
import { AskFirstDialog } from "../list/ask-first-dialog";
import { useMutation } from "../list/mutation";
import { formatWhen } from "./job-card-format";

export type CardSnag = {
  id: number;
  text: string;
  photoId: number | null;
  closedAt: Date | string | null;
  closedBy: { id: number; name: string } | null;
};

/**
 * Snags: add one (with one of the job's photos if it helps), close it when fixed, reopen if not, and
 * delete one added by mistake (asked first: a fixed snag is closed, so the record keeps it). The
 * heading counts the open ones as they change.
 */
export function JobSnags({
  jobId,
  snags: initial,
  photos,
  canEdit,
}: {
  jobId: number;
  snags: CardSnag[];
  photos: Array<{ id: number; label: string }>;
  canEdit: boolean;
}) {
  const [snags, setSnags] = useState(initial);
  const [text, setText] = useState("");
  const [photoId, setPhotoId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<CardSnag | null>(null);
  // The refusal shows for the snag it was about, not for the next one asked about.
  const [refused, setRefused] = useState<number | null>(null);
  const removal = useMutation();
  const toast = useToast();
  // A chosen photo that has since been deleted is no choice any more.
  const chosenPhoto = photos.some((p) => String(p.id) === photoId) ? photoId : "";

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return setError(SNAG_MESSAGES.text);
    setBusy(true);
    try {
      const snag = await apiRequest<CardSnag>("POST", `/api/admin/jobs/${jobId}/snags`, {
        text,
        photoId: chosenPhoto ? Number(chosenPhoto) : null,
      });
      setSnags((list) => [...list, snag]);
      setText("");
      setPhotoId("");
      setError(null);
    } catch (failure) {
      setError(failureWords(failure));
    } finally {
      setBusy(false);
    }
  }

  async function close(snag: CardSnag, closed: boolean) {
    try {
      const next = await apiRequest<CardSnag>("PUT", `/api/admin/jobs/${jobId}/snags/${snag.id}`, { closed });
      setSnags((list) => list.map((s) => (s.id === next.id ? next : s)));
    } catch (failure) {
      toast({ title: "Not saved", description: failureWords(failure), variant: "destructive" });
    }
  }

  async function remove(snag: CardSnag) {
    // The card keeps its own lists (as adding does), so there is no loader data to reload.
    const done = await removal.mutate("DELETE", `/api/admin/jobs/${jobId}/snags/${snag.id}`, undefined, {
      success: { title: "Snag deleted", description: snag.text },
      revalidate: false,
    });
    if (!done.ok) return setRefused(snag.id);
    setSnags((list) => list.filter((s) => s.id !== snag.id));
    setDeleting(null);
  }

  const open = snags.filter((s) => !s.closedAt).length;
  return (
    <section aria-labelledby="snags-heading" className="space-y-2">
      <h2 id="snags-heading" className="text-xl font-bold">
        Snags {open > 0 && <span className="text-base font-semibold text-slate-brand">({open} open)</span>}
      </h2>
      <div className="space-y-4">
        {snags.length === 0 ? (
          <p className="text-slate-brand">No snags.</p>
        ) : (
          <ul className="divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
            {snags.map((snag) => (
              <li key={snag.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className={`break-words ${snag.closedAt ? "text-slate-brand line-through" : "font-medium"}`}>
                    {snag.text}
                  </p>
                  {snag.closedAt && (
                    <p className="text-sm text-slate-brand">
                      Closed{snag.closedBy ? ` by ${snag.closedBy.name}` : ""}, {formatWhen(snag.closedAt)}
                    </p>
                  )}
                </div>
                {canEdit && (
                  <div className="flex shrink-0 flex-col items-stretch gap-2 sm:flex-row sm:items-center">
                    <button
                      type="button"
                      className="btn min-h-12 ring-1 ring-navy-900/30"
                      aria-label={`${snag.closedAt ? "Reopen" : "Close"} snag: ${snag.text}`}
                      onClick={() => void close(snag, !snag.closedAt)}
                    >
                      {snag.closedAt ? "Reopen" : "Close"}
                    </button>
                    <button
                      type="button"
                      className={`${buttonClass.danger} min-h-12`}
                      aria-label={`Delete snag: ${snag.text}`}
                      onClick={() => setDeleting(snag)}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form
            onSubmit={(event) => void add(event)}
            className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-navy-900/10"
            noValidate
          >
            <div>
              <label htmlFor="snag-text" className="block font-semibold">
                New snag
              </label>
              <textarea
                id="snag-text"
                rows={2}
                maxLength={SNAG_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "snag-error" : undefined}
                className="mt-1 block w-full rounded-lg border border-slate-brand px-3 py-2 text-base"
              />
            </div>
            {photos.length > 0 && (
              <div>
                <label htmlFor="snag-photo" className="block font-semibold">
                  Photo (optional)
                </label>
                <select
                  id="snag-photo"
                  value={chosenPhoto}
                  onChange={(event) => setPhotoId(event.currentTarget.value)}
                  className="mt-1 block min-h-12 w-full rounded-lg border border-slate-brand px-3 text-base"
                >
                  <option value="">None</option>
                  {photos.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {error && (
              <p id="snag-error" role="alert" className="text-sm text-red-800">
                {error}
              </p>
            )}
            <button type="submit" className="btn-dark min-h-12 w-full" disabled={busy}>
              Add snag
            </button>
          </form>
        )}
      </div>
      <AskFirstDialog
        open={deleting}
        title="Delete this snag?"
        action="Delete snag"
        danger
        keep="Keep it"
        pending={removal.pending}
        problem={refused === deleting?.id ? removal.formError : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        <p className="break-words font-medium">“{deleting?.text}”</p>
        <p className="mt-2">
          It goes from the job card and the client&apos;s page, and cannot be brought back. If the snag was fixed, close
          it instead: the record keeps it.
        </p>
      </AskFirstDialog>
    </section>
  );
}
