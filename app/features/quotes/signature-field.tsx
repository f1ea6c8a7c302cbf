import { useRef, useState } from "react";
import type SignaturePad from "signature_pad";

// The optional drawn signature of the quote's accept form and the job's sign-off: a canvas that
// signature_pad turns into a pad once the client asks to draw (the library is fetched then).

/** A drawn signature, optional: signature_pad is fetched only when the client asks to draw. */
export function SignatureField({
  pad,
  onPad,
}: {
  pad: SignaturePad | null;
  onPad: (pad: SignaturePad | null) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"closed" | "loading" | "open" | "failed">("closed");
  const start = async () => {
    setState("loading");
    try {
      const { default: Pad } = await import("signature_pad");
      // The canvas is shown from "loading" on: measure it once it has been laid out.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const el = canvas.current!;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext("2d")!.scale(ratio, ratio);
      onPad(new Pad(el, { penColor: "#12263a" }));
      setState("open");
    } catch {
      setState("failed");
    }
  };
  return (
    <div>
      <canvas
        ref={canvas}
        aria-label="Signature area: draw your signature with a finger or the mouse"
        className={`h-40 w-full touch-none rounded-lg border border-slate-brand bg-white ${state === "open" || state === "loading" ? "" : "hidden"}`}
      />
      {state === "open" ? (
        <button type="button" className="mt-2 text-sm font-semibold underline" onClick={() => pad?.clear()}>
          Clear the signature
        </button>
      ) : (
        <button
          type="button"
          className="text-sm font-semibold underline"
          onClick={() => void start()}
          disabled={state === "loading"}
        >
          Draw a signature as well (optional)
        </button>
      )}
      {state === "failed" && (
        <p className="mt-1 text-sm text-slate-brand">The drawing pad could not load; your typed name is enough.</p>
      )}
    </div>
  );
}
