import { useEffect, useId, useState, type ComponentProps } from "react";
import { TextAreaField } from "~/components/ui/form-field";
import { MARKDOWN_PREVIEW_MAX } from "./markdown-preview-schema";

// The admin's Markdown editor: the shared TextAreaField, a character count and a live preview.
// The preview is drawn by the server's markdown module (POST /api/admin/markdown/preview, asked
// at most every PREVIEW_DELAY_MS while typing), so what staff see is exactly what the public page
// will show and no Markdown code reaches any public page (this file is only imported by admin routes).

export const PREVIEW_ENDPOINT = "/api/admin/markdown/preview";
const PREVIEW_DELAY_MS = 300;

type TextAreaFieldProps = ComponentProps<typeof TextAreaField>;

export type MarkdownFieldProps = TextAreaFieldProps & {
  /** Heading of the preview pane (default "Preview"). */
  previewLabel?: string;
};

type Preview = { state: "idle" | "loading" } | { state: "ready"; html: string } | { state: "error"; message: string };

/**
 * A Markdown text area with a live preview beside it (under it on a phone). Takes the same props
 * as TextAreaField, controlled (`value` + `onChange`) or not (`defaultValue`); the form reads the
 * text area by its `name` as usual.
 */
export function MarkdownField({ previewLabel = "Preview", hint, maxLength, className, ...props }: MarkdownFieldProps) {
  const [text, setText] = useState(() => String(props.value ?? props.defaultValue ?? ""));
  const controlled = props.value !== undefined;
  const current = controlled ? String(props.value ?? "") : text;
  const preview = useMarkdownPreview(current);
  const previewId = useId();
  const limit = maxLength ?? MARKDOWN_PREVIEW_MAX;

  return (
    <div className={`grid gap-4 lg:grid-cols-2 ${className ?? ""}`}>
      <div>
        <TextAreaField
          rows={10}
          {...props}
          maxLength={maxLength}
          hint={
            <>
              {hint ? <>{hint} </> : null}
              Markdown: **bold**, *italic*, ## heading, - list item, [link text](https://…), blank line between
              paragraphs.
            </>
          }
          inputClassName="font-mono text-sm leading-relaxed"
          onChange={(event) => {
            if (!controlled) setText(event.target.value);
            props.onChange?.(event);
          }}
        />
        <CharacterCount length={current.length} max={limit} />
      </div>
      <section aria-labelledby={previewId} className="min-w-0">
        <h3 id={previewId} className="font-medium">
          {previewLabel}
          {preview.state === "loading" && <span className="ml-2 text-sm font-normal text-slate-brand">Updating…</span>}
        </h3>
        <div
          // A scrolling region must be reachable from the keyboard to be scrolled (axe:
          // scrollable-region-focusable), a case jsx-a11y's rule does not know.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-1.5 max-h-[28rem] min-h-24 overflow-y-auto rounded-md border border-dashed border-slate-brand/40 bg-paper p-4"
        >
          {preview.state === "error" ? (
            <p className="text-sm font-medium text-red-700">{preview.message}</p>
          ) : preview.state === "ready" && preview.html ? (
            // Rendered and sanitised by the server's markdown module (raw HTML, scripts, event
            // attributes and unsafe links never survive it).
            <div className="rich-text text-[15px]" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p className="text-sm text-slate-brand">
              {preview.state === "ready" ? "Nothing to preview yet." : "The preview appears here as you type."}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

/** "123 / 5,000 characters" under a field; in red once over the limit. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  const over = length > max;
  return (
    <p className={`mt-1 text-right text-sm ${over ? "font-medium text-red-700" : "text-slate-brand"}`}>
      {length.toLocaleString("en-IE")} / {max.toLocaleString("en-IE")} characters
    </p>
  );
}

/** The server's HTML for `markdown`, asked again a moment after the last change (earlier answers are dropped). */
function useMarkdownPreview(markdown: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: "idle" });
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setPreview((p) => (p.state === "ready" ? p : { state: "loading" }));
      fetch(PREVIEW_ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ markdown }),
        signal: abort.signal,
      })
        .then(async (res) => {
          const body = (await res.json().catch(() => null)) as { html?: unknown; message?: unknown } | null;
          if (res.ok && typeof body?.html === "string") setPreview({ state: "ready", html: body.html });
          else
            setPreview({
              state: "error",
              message: `The preview could not be updated${typeof body?.message === "string" ? `: ${body.message}` : "."}`,
            });
        })
        .catch(() => {
          if (!abort.signal.aborted)
            setPreview({
              state: "error",
              message: "The preview could not be updated: the server could not be reached.",
            });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [markdown]);
  return preview;
}
