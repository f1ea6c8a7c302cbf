import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";

// The redirect form's schema, shared by the admin form and the API (which also refuses loops and
// redirects away from a live page: redirects.server.ts).

export const REDIRECT_MESSAGES = {
  from: "Enter a path on this site, starting with / (for example /old-page)",
  to: "Enter a path on this site starting with /, or a full address starting with https://",
  permanent: "Permanent must be true or false",
  same: "A redirect cannot point to its own address",
  taken: "There is already a redirect from this address",
  live: "This address is a live page on the site; a redirect would hide it",
  own: (path: string, what: string) =>
    `${path} is an address the site answers itself (${what}); a redirect from it is not allowed`,
} as const;

/** Characters a path may not hold: spaces, quotes, angle brackets, backslashes, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\s"'<>\\\u0000-\u001f\u007f]/;

/**
 * The form a path is stored and looked up in: decoded (so /caf%C3%A9 and /café are one), without
 * a trailing slash (except the home page). Null for anything that is not a plain path on this site.
 */
export function normalizePath(value: string): string | null {
  let path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || /[?#]/.test(path)) return null;
  try {
    path = decodeURI(path);
  } catch {
    return null;
  }
  if (UNSAFE.test(path) || path.length > 500) return null;
  path = path.replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** A redirect target: a path on this site (a query or #section allowed) or an absolute http(s) URL. */
export function normalizeTarget(value: string): string | null {
  const target = value.trim();
  if (target.length === 0 || target.length > 2000 || UNSAFE.test(target)) return null;
  if (target.startsWith("/")) {
    if (target.startsWith("//")) return null;
    const [path, rest] = splitPath(target);
    const normal = normalizePath(path);
    return normal === null ? null : normal + rest;
  }
  try {
    const url = new URL(target);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname ? url.toString() : null;
  } catch {
    return null;
  }
}

/** "/a/b?x=1#y" → ["/a/b", "?x=1#y"]. */
export function splitPath(target: string): [string, string] {
  const cut = target.search(/[?#]/);
  return cut === -1 ? [target, ""] : [target.slice(0, cut), target.slice(cut)];
}

const pathField = (message: string, normalize: (v: string) => string | null) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((v: string, ctx) => {
      const normal = normalize(v);
      if (normal === null) ctx.issues.push({ code: "custom", message, input: v });
      return normal ?? "";
    }),
  );

export const RedirectSchema = z.object({
  from: pathField(REDIRECT_MESSAGES.from, normalizePath),
  to: pathField(REDIRECT_MESSAGES.to, normalizeTarget),
  // Spec for this feature: permanent unless staff say otherwise (301; false gives 302).
  permanent: z.pipe(
    z.nullish(z.boolean({ error: REDIRECT_MESSAGES.permanent })),
    z.transform((v: boolean | null | undefined) => v ?? true),
  ),
});

export type RedirectInput = z.infer<typeof RedirectSchema>;
export type RedirectField = keyof RedirectInput;

/** The form's fields as the API's JSON payload ("Temporary" is a checkbox: unticked = permanent). */
export function redirectPayload(form: FormData) {
  const { from, to, temporary } = formPayload(form, ["from", "to"], ["temporary"]);
  return { from, to, permanent: !temporary };
}
