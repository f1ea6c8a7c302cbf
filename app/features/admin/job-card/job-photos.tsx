import { useId, useState } from "react";
import { rowButton } from "~/components/ui/button-styles";
import type { JobPhotoStage } from "~/db/schema";
import { thumbnailSrc } from "~/features/uploads/upload-urls";
import { AskFirstDialog } from "../list/ask-first-dialog";
import { useMutation } from "../list/mutation";
import { uploadFile } from "./upload-request";

export type CardPhoto = {
  id: number;
  url: string;
  thumbnailUrl: string;
  stage: JobPhotoStage;
  width: number;
  height: number;
};
type Answer = Omit<CardPhoto, "thumbnailUrl">;
type Pending = { key: number; file: File; stage: JobPhotoStage; progress: number; error: string | null };

const STAGES = ["before", "during", "after"] as const satisfies ReadonlyArray<JobPhotoStage>;
const STAGE_LABELS: Record<JobPhotoStage, string> = { before: "Before", during: "During", after: "After" };

/** Each photo's name, numbered within its stage as the card's grid shows it: "Before 1", "After 2". */
export function photoNames(
  photos: ReadonlyArray<{ id: number; stage: JobPhotoStage }>,
): Array<{ id: number; label: string }> {
  const counted: Record<JobPhotoStage, number> = { before: 0, during: 0, after: 0 };
  return photos.map((p) => ({ id: p.id, label: `${STAGE_LABELS[p.stage]} ${++counted[p.stage]}` }));
}

/**
 * Photos by stage, straight from the phone's camera: each upload shows its progress, and one that
 * fails says why and can be sent again without taking the photo again. A photo taken by mistake can
 * be deleted, asked first with the photo shown.
 */
export function JobPhotos({
  jobId,
  photos: initial,
  canEdit,
  onAdded,
  onRemoved,
}: {
  jobId: number;
  photos: CardPhoto[];
  canEdit: boolean;
  onAdded: (photo: CardPhoto) => void;
  onRemoved: (photo: CardPhoto) => void;
}) {
  const [photos, setPhotos] = useState(initial);
  const [deleting, setDeleting] = useState<{ photo: CardPhoto; label: string } | null>(null);
  // The refusal shows for the photo it was about, not for the next one asked about.
  const [refused, setRefused] = useState<number | null>(null);
  const removal = useMutation();
  const [stage, setStage] = useState<JobPhotoStage>("during");
  const [pending, setPending] = useState<Pending[]>([]);
  const inputId = useId();
  const update = (key: number, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function send(item: Pending) {
    update(item.key, { progress: 0, error: null });
    const result = await uploadFile<Answer>(
      `/api/admin/jobs/${jobId}/photos?stage=${item.stage}`,
      item.file,
      (progress) => update(item.key, { progress }),
    );
    if (!result.ok) return update(item.key, { error: result.message });
    const photo = { ...result.value, thumbnailUrl: thumbnailSrc(result.value.url) };
    setPending((list) => list.filter((p) => p.key !== item.key));
    setPhotos((list) => [...list, photo]);
    onAdded(photo);
  }

  async function remove(photo: CardPhoto, label: string) {
    // The card keeps its own lists (as adding does), so there is no loader data to reload.
    const done = await removal.mutate("DELETE", `/api/admin/jobs/${jobId}/photos/${photo.id}`, undefined, {
      success: { title: "Photo deleted", description: `${label} is no longer on the job card.` },
      revalidate: false,
    });
    if (!done.ok) return setRefused(photo.id);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
    onRemoved(photo);
    setDeleting(null);
  }

  function choose(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const item: Pending = { key: Date.now() + Math.random(), file, stage, progress: 0, error: null };
      setPending((list) => [...list, item]);
      void send(item);
    }
  }

  return (
    <div className="space-y-4">
      {canEdit && (
        <div className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
          <fieldset>
            <legend className="font-semibold">Stage</legend>
            <div className="mt-2 grid grid-cols-3 gap-2">
              {STAGES.map((s) => (
                <label
                  key={s}
                  className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg font-semibold ring-1 ${
                    stage === s ? "bg-navy-900 text-white ring-navy-900" : "bg-white ring-navy-900/30"
                  }`}
                >
                  <input
                    type="radio"
                    name="photo-stage"
                    value={s}
                    checked={stage === s}
                    onChange={() => setStage(s)}
                    className="sr-only"
                  />
                  {STAGE_LABELS[s]}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={inputId} className="btn-dark flex min-h-12 w-full cursor-pointer justify-center">
            Take a photo
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="sr-only"
            onChange={(event) => {
              choose(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </div>
      )}
      {pending.map((p) => (
        <div key={p.key} className="rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
          {p.error ? (
            <div role="alert" className="space-y-2">
              <p className="font-semibold text-red-800">
                {STAGE_LABELS[p.stage]} photo not uploaded: {p.error}
              </p>
              <div className="flex gap-2">
                <button type="button" className="btn-dark min-h-12" onClick={() => void send(p)}>
                  Retry
                </button>
                <button
                  type="button"
                  className="btn min-h-12 ring-1 ring-navy-900/30"
                  onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                >
                  Discard
                </button>
              </div>
            </div>
          ) : (
            <label className="block text-sm font-medium">
              Uploading {STAGE_LABELS[p.stage].toLowerCase()} photo: {Math.round(p.progress * 100)}%
              <progress className="mt-1 block w-full" max={1} value={p.progress} />
            </label>
          )}
        </div>
      ))}
      {STAGES.map((s) => {
        const shown = photos.filter((p) => p.stage === s);
        const names = new Map(photoNames(shown).map((n) => [n.id, n.label]));
        return (
          <section key={s} aria-label={`${STAGE_LABELS[s]} photos`}>
            <h3 className="font-semibold">
              {STAGE_LABELS[s]} ({shown.length})
            </h3>
            {shown.length > 0 && (
              <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
                {shown.map((p) => {
                  const label = names.get(p.id)!;
                  return (
                    <li key={p.id}>
                      <a href={p.url} target="_blank" rel="noreferrer">
                        <img
                          src={p.thumbnailUrl}
                          alt={label}
                          width={400}
                          height={Math.round((400 * p.height) / p.width)}
                          loading="lazy"
                          className="aspect-square w-full rounded-lg object-cover"
                        />
                      </a>
                      {canEdit && (
                        <button
                          type="button"
                          className={`${rowButton.danger} mt-1 w-full !min-h-11`}
                          aria-label={`Delete photo ${label}`}
                          onClick={() => setDeleting({ photo: p, label })}
                        >
                          Delete
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
      <AskFirstDialog
        open={deleting}
        title="Delete this photo?"
        action="Delete photo"
        danger
        keep="Keep it"
        pending={removal.pending}
        problem={refused === deleting?.photo.id ? removal.formError : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting.photo, deleting.label)}
      >
        {deleting && (
          <img
            src={deleting.photo.thumbnailUrl}
            alt={deleting.label}
            width={400}
            height={Math.round((400 * deleting.photo.height) / deleting.photo.width)}
            className="max-h-48 w-auto rounded-lg"
          />
        )}
        <p className="mt-3">
          This photo ({deleting?.label}) goes from the job card and cannot be brought back. A snag that shows it keeps
          its words, without the photo.
        </p>
      </AskFirstDialog>
    </div>
  );
}
