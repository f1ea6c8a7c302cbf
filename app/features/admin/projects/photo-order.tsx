import { useState, type DragEvent, type ReactNode } from "react";

/** The list with the item at `from` moved to `to` (the same list when it cannot move). */
export const movePhoto = <T,>(list: ReadonlyArray<T>, from: number, to: number): T[] => {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export const photoButtonClass =
  "inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium ring-1 ring-navy-900/20 hover:bg-mist disabled:opacity-40";

/**
 * A project's photos in the order its page shows them: drag one to a new place (the mouse), or
 * use its Move up / Move down buttons (the keyboard and screen readers). `onReorder` gets the new
 * list and a sentence for the caller's live region. Used by the hand-made project form and by
 * "Publish as a project" on a job.
 */
export function OrderedPhotoList<T>({
  items,
  itemKey,
  onReorder,
  children,
  actions,
}: {
  items: ReadonlyArray<T>;
  itemKey: (item: T, index: number) => string;
  onReorder: (next: T[], said: string) => void;
  /** The photo's thumbnail and fields. */
  children: (item: T, index: number) => ReactNode;
  /** Buttons after Move up / Move down (such as Remove). */
  actions?: (item: T, index: number) => ReactNode;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const onDrop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragged !== null) onReorder(movePhoto(items, dragged, to), `Photo moved to position ${to + 1}.`);
    setDragged(null);
  };
  return (
    <ol className="space-y-3" aria-label="Photos in page order">
      {items.map((item, i) => (
        // Dragging is for the mouse; the Move buttons do the same from the keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <li
          key={itemKey(item, i)}
          draggable
          onDragStart={() => setDragged(i)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => onDrop(e, i)}
          className={`flex flex-wrap items-start gap-3 rounded-md bg-paper p-3 ring-1 ring-navy-900/10 ${dragged === i ? "opacity-60" : ""}`}
        >
          <span aria-hidden="true" className="cursor-grab select-none pt-3 text-slate-brand">
            ⠿
          </span>
          {children(item, i)}
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className={photoButtonClass}
              disabled={i === 0}
              onClick={() => onReorder(movePhoto(items, i, i - 1), `Photo moved to position ${i}.`)}
            >
              {/* The name starts with the visible words (axe: label-content-name-mismatch). */}
              Move up<span className="sr-only"> photo {i + 1}</span>
            </button>
            <button
              type="button"
              className={photoButtonClass}
              disabled={i === items.length - 1}
              onClick={() => onReorder(movePhoto(items, i, i + 1), `Photo moved to position ${i + 2}.`)}
            >
              Move down<span className="sr-only"> photo {i + 1}</span>
            </button>
            {actions?.(item, i)}
          </div>
        </li>
      ))}
    </ol>
  );
}
