import { useState } from "react";
import { apiRequest, failureWords } from "~/api/api-client";
import { useToast } from "~/components/ui/toast";
import type { ChecklistItemView } from "~/features/jobs/card/job-card.server";
import { formatWhen } from "./job-card-format";

type Item = Omit<ChecklistItemView, "doneAt"> & { doneAt: Date | string | null };

/**
 * The checklist: each item a large tap target. A tick shows at once and is sent; if the server
 * refuses it (or cannot be reached) the tick goes back and a toast says why.
 */
export function JobChecklist({ jobId, items: initial, canEdit }: { jobId: number; items: Item[]; canEdit: boolean }) {
  const [items, setItems] = useState(initial);
  const toast = useToast();
  const replace = (next: Item) => setItems((list) => list.map((i) => (i.id === next.id ? next : i)));

  async function tick(item: Item, done: boolean) {
    replace({ ...item, done });
    try {
      replace(await apiRequest<Item>("PUT", `/api/admin/jobs/${jobId}/checklist/${item.id}`, { done }));
    } catch (error) {
      replace(item);
      toast({ title: "Not saved", description: failureWords(error), variant: "destructive" });
    }
  }

  if (items.length === 0) return <p className="text-slate-brand">This job has no checklist.</p>;
  return (
    <ul className="divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
      {items.map((item) => (
        <li key={item.id}>
          <label className="flex min-h-14 cursor-pointer items-center gap-4 px-4 py-3">
            <input
              type="checkbox"
              className="h-7 w-7 shrink-0 accent-navy-900"
              checked={item.done}
              disabled={!canEdit}
              onChange={(event) => void tick(item, event.currentTarget.checked)}
            />
            <span className="flex-1">
              <span className="block text-base font-medium">{item.label}</span>
              {item.done && item.doneBy && item.doneAt && (
                <span className="block text-sm text-slate-brand">
                  {item.doneBy.name}, {formatWhen(item.doneAt)}
                </span>
              )}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
