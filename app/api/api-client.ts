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

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Spec section 7: cookies are sent; a JSON body with a JSON content type only when there is one. */
export async function apiRequest<T>(method: ApiMethod, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }
  const text = await res.text();
  if (!res.ok) {
    let detail = text;
    let fieldErrors: FieldErrors = {};
    let json: { message?: unknown; fieldErrors?: unknown } | null = null;
    try {
      json = JSON.parse(text) as { message?: unknown; fieldErrors?: unknown };
      if (typeof json.message === "string") detail = json.message;
      if (json.fieldErrors && typeof json.fieldErrors === "object") fieldErrors = json.fieldErrors;
    } catch {
      // Not JSON: the text itself.
    }
    throw new ApiError(res.status, detail || res.statusText, fieldErrors, json);
  }
  return (text ? JSON.parse(text) : null) as T;
}
