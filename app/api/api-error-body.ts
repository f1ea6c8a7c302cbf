/**
 * The body of every error answer of the JSON API (/api/…): a sentence for people, and for a form,
 * the first problem per field. Some answers add a field of their own (`retryAfterSeconds` on 429,
 * `restart` when a two-factor sign-in must start again). Browser code reads this type; the server
 * writes it with sendApiError (api-errors.server.ts).
 */
export type ApiErrorBody<Field extends string = string> = {
  message: string;
  fieldErrors?: Partial<Record<Field, string>>;
};
