import { useEffect, useId, useState } from "react";
import { buttonClass, rowButton } from "~/components/ui/button-styles";
import { Dialog, DialogBody, DialogFooter, DialogHeader } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form";
import { TextField } from "~/components/ui/form-field";
import { apiRequest, failureWords } from "~/api/api-client";
import type { ClientListItem } from "~/features/clients/clients.server";
import { useMutation } from "../list/mutation";

// "Merge another client into this one": find the duplicate by name, company, e-mail or phone, then
// confirm. Merging cannot be undone: the other client's enquiries, bookings, quotes and jobs move
// to this client and the other client is removed (POST /api/admin/clients/:id/merge { fromId }).

type Found = Pick<ClientListItem, "id" | "name" | "company" | "contacts" | "leadCount">;

export function MergeClientDialog({
  client,
  open,
  onClose,
}: {
  client: { id: number; name: string };
  open: number | null;
  onClose: () => void;
}) {
  const mutation = useMutation();
  return (
    <Dialog open={open} onClose={onClose} busy={mutation.pending}>
      <DialogHeader title="Merge another client into this one" />
      {open !== null && <MergePicker key={open} client={client} mutation={mutation} onClose={onClose} />}
    </Dialog>
  );
}

function MergePicker({
  client,
  mutation,
  onClose,
}: {
  client: { id: number; name: string };
  mutation: ReturnType<typeof useMutation>;
  onClose: () => void;
}) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Found | null>(null);
  const resultsId = useId();

  // The list follows the box as staff type (a newer search replaces one still on its way).
  useEffect(() => {
    const term = q.trim();
    if (term === "") return;
    let stale = false;
    const timer = window.setTimeout(() => {
      apiRequest<{ items: Found[] }>("GET", `/api/admin/clients?${new URLSearchParams({ q: term, pageSize: "10" })}`)
        .then((answer) => {
          if (stale) return;
          setProblem(null);
          setFound(answer.items.filter((c) => c.id !== client.id));
        })
        .catch((error: unknown) => {
          if (!stale) setProblem(`The clients could not be searched: ${failureWords(error)}`);
        });
    }, 250);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [q, client.id]);

  async function merge() {
    if (!chosen) return;
    const merged = await mutation.mutate(
      "POST",
      `/api/admin/clients/${client.id}/merge`,
      { fromId: chosen.id },
      {
        success: { title: "Clients merged", description: `${chosen.name} has been merged into ${client.name}` },
        failure: "Failed to merge clients",
        toastFieldErrors: true,
      },
    );
    if (merged.ok) onClose();
  }

  if (chosen)
    return (
      <>
        <DialogBody>
          <p>
            Merge <strong>{chosen.name}</strong>
            {chosen.company ? ` (${chosen.company})` : ""} into <strong>{client.name}</strong>?
          </p>
          <p>
            Their enquiries, bookings, quotes and jobs move to {client.name}, their contacts are added, and{" "}
            {chosen.name} is removed. This cannot be undone.
          </p>
          {mutation.formError && <FormAlert>{mutation.formError}</FormAlert>}
        </DialogBody>
        <DialogFooter>
          <button
            type="button"
            className={buttonClass.light}
            onClick={() => setChosen(null)}
            disabled={mutation.pending}
          >
            Back
          </button>
          <button type="button" className="btn-dark" onClick={() => void merge()} disabled={mutation.pending}>
            {mutation.pending ? "Merging..." : "Merge clients"}
          </button>
        </DialogFooter>
      </>
    );

  return (
    <>
      <DialogBody>
        <TextField
          name="mergeSearch"
          label="Find the client to merge"
          hint="By name, company, e-mail or phone."
          type="search"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          aria-controls={resultsId}
          maxLength={200}
          data-autofocus
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <section id={resultsId} aria-label="Matching clients" aria-live="polite">
          {q.trim() === "" ? null : found === null ? (
            <p className="text-sm text-slate-brand">Searching…</p>
          ) : found.length === 0 ? (
            <p className="text-sm text-slate-brand">No other client matches your search.</p>
          ) : (
            <ul className="divide-y divide-mist rounded-lg ring-1 ring-navy-900/10">
              {found.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {c.name}
                      {c.company && <span className="font-normal text-slate-brand"> · {c.company}</span>}
                    </p>
                    <p className="break-all text-sm text-slate-brand">
                      {[c.contacts[0]?.email, c.contacts[0]?.phone].filter(Boolean).join(" · ") || "No contact details"}
                      {` · ${c.leadCount.toLocaleString("en-IE")} ${c.leadCount === 1 ? "enquiry" : "enquiries"}`}
                    </p>
                  </div>
                  <button type="button" className={rowButton.dark} onClick={() => setChosen(c)}>
                    Choose<span className="sr-only"> {c.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttonClass.light} onClick={onClose}>
          Cancel
        </button>
      </DialogFooter>
    </>
  );
}
