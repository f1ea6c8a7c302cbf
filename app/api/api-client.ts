import type { FieldErrors } from "~/forms/field-errors";

/**
 * Spec section 8: a failed call raises an error whose message is "<status>: <body text>", or the
 * status text when the body is empty. Our API answers JSON, so its `message` stands for the body
 * text (a toast should not show raw JSON); field errors come along for the form, and `detail` is
 * the server's message on its own (status 0: the server could not be reached).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fieldErrors: FieldErrors = {},
    /** The answer's JSON body, for calls that send more than a message (e.g. "start again"). */
    readonly body: unknown = null,
  ) {
    super(status ? `${status}: ${detail}` : detail);
    this.name = "ApiError";
  }
}

/** The server's own message from a failed call (its JSON `message`), or `fallback` when there is none. */
export function serverMessage(error: unknown, fallback: string): string {
  const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
  return typeof message === "string" && message ? message : fallback;
}

/** What went wrong, in words for a toast or form: the server's sentence without its status code. */
export function failureWords(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) return error.detail || fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Asks the signed-in user to confirm their password (and code) when a call answers 403
 * `{ confirm: true }`: resolves true once POST /api/auth/confirm accepted them, false if they
 * cancelled. Set by the admin's confirm dialog (features/admin/list/confirm-dialog.tsx).
 */
export type ConfirmHandler = () => Promise<boolean>;
let confirmHandler: ConfirmHandler | null = null;

/** Installs the handler; returns the function that removes it again. */
export function setConfirmHandler(handler: ConfirmHandler): () => void {
  confirmHandler = handler;
  return () => {
    if (confirmHandler === handler) confirmHandler = null;
  };
}

/**
 * For a page form the server answered with `confirm: true` (not an API call): asks the user as
 * sendConfirming does; true once confirmed, false if cancelled or no admin dialog is mounted.
 */
export function askToConfirm(): Promise<boolean> {
  return confirmHandler ? confirmHandler() : Promise.resolve(false);
}

export const CONFIRM_CANCELLED = "Nothing was changed: this needs your password, and the check was cancelled.";

/** Whether an answer asks for a fresh confirmation (403 { confirm: true }). */
const asksToConfirm = (status: number, json: unknown) =>
  status === 403 && (json as { confirm?: unknown } | null)?.confirm === true;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Sends once; when the answer asks to confirm, asks the user (the dialog) and sends again once
 * confirmed. A cancelled check answers a 403 ApiError with CONFIRM_CANCELLED and changes nothing.
 */
async function sendConfirming(send: () => Promise<Response>): Promise<Response> {
  const res = await send();
  if (res.status !== 403 || !confirmHandler) return res;
  const text = await res.clone().text();
  const json = parseJson(text);
  if (!asksToConfirm(res.status, json)) return res;
  if (!(await confirmHandler())) throw new ApiError(403, CONFIRM_CANCELLED, {}, { message: CONFIRM_CANCELLED });
  return send();
}

const unreachable = () => new ApiError(0, "Could not reach the server. Check your connection and try again.");

/** Spec section 7: cookies are sent; a JSON body with a JSON content type only when there is one. */
export async function apiRequest<T>(method: ApiMethod, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await sendConfirming(() =>
      fetch(url, {
        method,
        credentials: "same-origin",
        headers:
          body === undefined
            ? { Accept: "application/json" }
            : { Accept: "application/json", "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreachable();
  }
  const text = await res.text();
  if (!res.ok) throw errorOf(res, text);
  return (text ? JSON.parse(text) : null) as T;
}

function errorOf(res: Response, text: string): ApiError {
  let detail = text;
  let fieldErrors: FieldErrors = {};
  const json = parseJson(text) as { message?: unknown; fieldErrors?: unknown } | null;
  if (json && typeof json === "object") {
    if (typeof json.message === "string") detail = json.message;
    if (json.fieldErrors && typeof json.fieldErrors === "object") fieldErrors = json.fieldErrors;
  }
  return new ApiError(res.status, detail || res.statusText, fieldErrors, json);
}

/**
 * Downloads a file from the API (e.g. the enquiries CSV) as a link would, but through fetch, so a
 * download that first needs the password asks for it and then goes ahead. Saves it under the
 * name the server gives (Content-Disposition).
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await sendConfirming(() => fetch(url, { credentials: "same-origin" }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreachable();
  }
  if (!res.ok) throw errorOf(res, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
