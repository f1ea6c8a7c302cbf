import { useRef, useState } from "react";
import type SignaturePad from "signature_pad";

/**
 * A drawn signature, optional: signature_pad is fetched only when the client asks to draw (a quote
 * and a job sign-off use it). The pad shows where to sign.
 */
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
      <div className={`relative ${state === "open" || state === "loading" ? "" : "hidden"}`}>
        <canvas
          ref={canvas}
          aria-label="Signature area: draw your signature with a finger or the mouse"
          aria-describedby="signature-where"
          className="h-40 w-full touch-none rounded-lg border border-slate-brand bg-white"
        />
        {/* Where to sign, as on paper: a line near the foot of the pad (not part of the drawing). */}
        <p
          id="signature-where"
          className="pointer-events-none absolute inset-x-4 bottom-3 border-t-2 border-dashed border-slate-brand/60 pt-1 text-sm text-slate-brand"
        >
          <span aria-hidden="true">✕ </span>Sign here, above the line, with your finger or the mouse
        </p>
      </div>
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
