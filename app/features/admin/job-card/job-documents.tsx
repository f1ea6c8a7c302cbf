import { useId, useState } from "react";
import { uploadFile } from "./upload-request";

export type CardDocument = { id: number; name: string; byteSize: number; url: string };

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Documents for the handover (PDF only): added with progress, listed with a download link. */
export function JobDocuments({
  jobId,
  documents: initial,
  canEdit,
}: {
  jobId: number;
  documents: CardDocument[];
  canEdit: boolean;
}) {
  const [documents, setDocuments] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<{ file: File; message: string } | null>(null);
  const inputId = useId();

  async function send(file: File) {
    setFailed(null);
    setProgress(0);
    const name = encodeURIComponent(file.name.replace(/\.pdf$/i, ""));
    const result = await uploadFile<CardDocument>(`/api/admin/jobs/${jobId}/documents?name=${name}`, file, setProgress);
    setProgress(null);
    if (result.ok) setDocuments((list) => [...list, result.value]);
    else setFailed({ file, message: result.message });
  }

  return (
    <div className="space-y-3">
      {documents.length === 0 ? (
        <p className="text-slate-brand">No documents yet.</p>
      ) : (
        <ul className="divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
          {documents.map((d) => (
            <li key={d.id} className="flex min-h-12 items-center justify-between gap-3 px-4 py-2">
              <a href={d.url} className="font-medium underline" target="_blank" rel="noreferrer">
                {d.name}
              </a>
              <span className="shrink-0 text-sm text-slate-brand">{size(d.byteSize)}</span>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <label className="block text-sm font-medium">
          Uploading document: {Math.round(progress * 100)}%
          <progress className="mt-1 block w-full" max={1} value={progress} />
        </label>
      )}
      {failed && (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-800">
            {failed.file.name} not added: {failed.message}
          </p>
          <button type="button" className="btn-dark min-h-12" onClick={() => void send(failed.file)}>
            Retry
          </button>
        </div>
      )}
      {canEdit && (
        <>
          <label
            htmlFor={inputId}
            className="btn flex min-h-12 w-full cursor-pointer justify-center ring-1 ring-navy-900/30"
          >
            Add a PDF document
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf"
            className="sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void send(file);
            }}
          />
        </>
      )}
    </div>
  );
}
