import { useState, type DragEvent } from "react";
import type { ProjectPhoto } from "~/db/column-types";
import { ImageUpload } from "~/features/uploads/image-upload";
import { Thumbnail } from "../list/thumbnail";

type EditedPhoto = { src: string; alt: string; pair: "" | "before" | "after" };

const fromRow = (photos: ReadonlyArray<ProjectPhoto>): EditedPhoto[] =>
  photos.map((p) => ({ src: p.src, alt: p.alt, pair: p.pair ?? "" }));

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

const buttonClass =
  "inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium ring-1 ring-navy-900/20 hover:bg-mist disabled:opacity-40";

/**
 * A project's photos, in the order the page shows them: upload more, write each one's alt text,
 * mark before/after pairs, reorder by dragging or with the Move up / Move down buttons (keyboard
 * and screen readers), remove. The list is sent as JSON in the hidden "photos" field.
 */
export function PhotosEditor({
  initial,
  error,
  uploadMaxBytes,
  onChange,
}: {
  initial: ReadonlyArray<ProjectPhoto>;
  error: string | undefined;
  uploadMaxBytes: number;
  onChange: () => void;
}) {
  const [photos, setPhotos] = useState<EditedPhoto[]>(() => fromRow(initial));
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const update = (next: EditedPhoto[], said?: string) => {
    setPhotos(next);
    if (said) setAnnouncement(said);
    onChange();
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragged !== null) update(move(photos, dragged, to), `Photo moved to position ${to + 1}.`);
    setDragged(null);
  };

  return (
    <fieldset
      className="space-y-3 rounded-lg border border-mist p-4"
      aria-describedby={error ? "photos-error" : undefined}
    >
      <legend className="px-1 font-medium">Photos</legend>
      <p className="text-sm text-slate-brand">
        The first photo is the gallery&apos;s image. Drag a photo, or use its Move buttons, to change the order.
      </p>
      <input type="hidden" name="photos" value={JSON.stringify(photos)} />
      <ol className="space-y-3" aria-label="Photos in page order">
        {photos.map((photo, i) => (
          // Dragging is for the mouse; the Move buttons do the same from the keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
          <li
            key={`${photo.src}-${i}`}
            draggable
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, i)}
            className={`flex flex-wrap items-start gap-3 rounded-md bg-paper p-3 ring-1 ring-navy-900/10 ${dragged === i ? "opacity-60" : ""}`}
          >
            <span aria-hidden="true" className="cursor-grab select-none pt-3 text-slate-brand">
              ⠿
            </span>
            <Thumbnail src={photo.src} className="h-16 w-20" />
            <div className="min-w-48 flex-1 space-y-2">
              <label className="block text-sm font-medium" htmlFor={`photo-alt-${i}`}>
                Alt text for photo {i + 1}
              </label>
              <input
                id={`photo-alt-${i}`}
                value={photo.alt}
                required
                maxLength={255}
                onChange={(e) => update(photos.map((p, j) => (j === i ? { ...p, alt: e.target.value } : p)))}
                className="w-full rounded-md border border-slate-brand/40 px-3 py-2"
              />
              <label className="block text-sm font-medium" htmlFor={`photo-pair-${i}`}>
                Before or after (photo {i + 1})
              </label>
              <select
                id={`photo-pair-${i}`}
                value={photo.pair}
                onChange={(e) =>
                  update(photos.map((p, j) => (j === i ? { ...p, pair: e.target.value as EditedPhoto["pair"] } : p)))
                }
                className="rounded-md border border-slate-brand/40 px-3 py-2"
              >
                <option value="">Neither</option>
                <option value="before">Before</option>
                <option value="after">After</option>
              </select>
            </div>
            <div className="flex flex-col gap-2">
              <button
                type="button"
                className={buttonClass}
                disabled={i === 0}
                onClick={() => update(move(photos, i, i - 1), `Photo moved to position ${i}.`)}
              >
                {/* The name starts with the visible words (axe: label-content-name-mismatch). */}
                Move up<span className="sr-only"> photo {i + 1}</span>
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={i === photos.length - 1}
                onClick={() => update(move(photos, i, i + 1), `Photo moved to position ${i + 2}.`)}
              >
                Move down<span className="sr-only"> photo {i + 1}</span>
              </button>
              <button
                type="button"
                className={buttonClass}
                onClick={() =>
                  update(
                    photos.filter((_, j) => j !== i),
                    `Photo ${i + 1} removed.`,
                  )
                }
              >
                Remove<span className="sr-only"> photo {i + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p id="photos-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ImageUpload
        maxBytes={uploadMaxBytes}
        afterUpload="It is now the last photo above: write its alt text."
        onUploaded={(src) => update([...photos, { src, alt: "", pair: "" }], `Photo ${photos.length + 1} added.`)}
      />
    </fieldset>
  );
}
