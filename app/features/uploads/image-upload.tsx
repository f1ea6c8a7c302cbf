import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { Icon } from "~/components/ui/icon";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/avif"];

type State =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number; preview: string | null; name: string }
  | { phase: "done"; name: string }
  | { phase: "failed"; message: string };

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Drag-and-drop or file picker for one image, with a preview and upload progress (XMLHttpRequest:
 * fetch cannot report upload progress). The file is sent as the request body to
 * POST /api/admin/uploads; on success `onUploaded` gets the new image's path. The server decides
 * what is an image (by its bytes); the checks here only save a pointless upload. `afterUpload` says
 * where the image went (a form with one image field, or a list of photos).
 */
export function ImageUpload({
  maxBytes,
  onUploaded,
  afterUpload = "It is now the image source below.",
}: {
  maxBytes: number;
  onUploaded: (src: string) => void;
  afterUpload?: string;
}) {
  const id = useId();
  const [state, setState] = useState<State>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const request = useRef<XMLHttpRequest | null>(null);

  // A form closed mid-upload abandons the request.
  useEffect(() => () => request.current?.abort(), []);

  function start(file: File | undefined) {
    if (!file) return;
    if (file.type && !ACCEPTED.includes(file.type)) {
      setState({ phase: "failed", message: "Only JPEG, PNG, WebP and AVIF images can be uploaded." });
      return;
    }
    if (file.size > maxBytes) {
      setState({ phase: "failed", message: `The image is too large: at most ${megabytes(maxBytes)}.` });
      return;
    }
    setState({ phase: "uploading", percent: 0, preview: null, name: file.name });
    // A data: URL (the Content-Security-Policy allows data: images, not blob:).
    const reader = new FileReader();
    reader.onload = () =>
      setState((s) =>
        s.phase === "uploading" ? { ...s, preview: typeof reader.result === "string" ? reader.result : null } : s,
      );
    reader.readAsDataURL(file);

    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", "/api/admin/uploads");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        setState((s) => (s.phase === "uploading" ? { ...s, percent: Math.round((e.loaded / e.total) * 100) } : s));
    };
    xhr.onload = () => {
      request.current = null;
      let body: { src?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON
      }
      if (xhr.status === 201 && body.src) {
        setState({ phase: "done", name: file.name });
        onUploaded(body.src);
      } else {
        setState({
          phase: "failed",
          message: body.message ?? "The upload failed. Try again, or choose another image.",
        });
      }
    };
    xhr.onerror = () => {
      request.current = null;
      setState({ phase: "failed", message: "The upload failed: could not reach the server. Try again." });
    };
    xhr.send(file);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (state.phase !== "uploading") start(e.dataTransfer.files[0]);
  };

  const uploading = state.phase === "uploading";
  return (
    <div>
      {/* Dropping a file is a mouse shortcut; the file input inside is the keyboard's way. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center ${
          dragging ? "border-amber-brand bg-amber-brand/10" : "border-slate-brand/40 bg-paper"
        }`}
      >
        <Icon name="upload" className="h-8 w-8 text-slate-brand" strokeWidth={1.8} />
        <p className="text-[15px]">
          Drag an image here, or{" "}
          <label htmlFor={id} className="cursor-pointer font-semibold text-navy-900 underline underline-offset-2">
            choose a file to upload
          </label>
        </p>
        <p className="text-sm text-slate-brand">JPEG, PNG, WebP or AVIF, up to {megabytes(maxBytes)}.</p>
        <input
          id={id}
          type="file"
          accept={ACCEPTED.join(",")}
          className="sr-only"
          disabled={uploading}
          onChange={(e) => {
            start(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>

      {state.phase === "uploading" && (
        <div className="mt-3 flex items-center gap-4">
          {state.preview && (
            <img
              src={state.preview}
              alt=""
              className="h-16 w-20 shrink-0 rounded object-cover ring-1 ring-navy-900/10"
            />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">
              {state.percent < 100 ? `Uploading ${state.name}… ${state.percent}%` : `Processing ${state.name}…`}
            </p>
            <progress
              max={100}
              value={state.percent}
              aria-label={`Uploading ${state.name}`}
              className="mt-2 h-2 w-full accent-navy-900"
            />
          </div>
        </div>
      )}
      {/* Announced when the upload ends, either way. */}
      <div aria-live="polite">
        {state.phase === "done" && (
          <p className="mt-3 text-sm font-medium text-teal-brand">
            Uploaded {state.name}. {afterUpload}
          </p>
        )}
        {state.phase === "failed" && <p className="mt-3 text-sm font-medium text-red-700">{state.message}</p>}
      </div>
    </div>
  );
}
