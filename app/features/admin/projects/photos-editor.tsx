import { useState } from "react";
import type { ProjectPhoto } from "~/db/column-types";
import { ImageUpload } from "~/features/uploads/image-upload";
import { Thumbnail } from "../list/thumbnail";
import { OrderedPhotoList, photoButtonClass } from "./photo-order";

type EditedPhoto = { src: string; alt: string; pair: "" | "before" | "after" };

const fromRow = (photos: ReadonlyArray<ProjectPhoto>): EditedPhoto[] =>
  photos.map((p) => ({ src: p.src, alt: p.alt, pair: p.pair ?? "" }));

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
  const [announcement, setAnnouncement] = useState("");
  const update = (next: EditedPhoto[], said?: string) => {
    setPhotos(next);
    if (said) setAnnouncement(said);
    onChange();
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
      <OrderedPhotoList
        items={photos}
        itemKey={(photo, i) => `${photo.src}-${i}`}
        onReorder={(next, said) => update(next, said)}
        actions={(_, i) => (
          <button
            type="button"
            className={photoButtonClass}
            onClick={() =>
              update(
                photos.filter((_, j) => j !== i),
                `Photo ${i + 1} removed.`,
              )
            }
          >
            Remove<span className="sr-only"> photo {i + 1}</span>
          </button>
        )}
      >
        {(photo, i) => (
          <>
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
          </>
        )}
      </OrderedPhotoList>
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
