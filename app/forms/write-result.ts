import type { FieldErrors } from "./field-errors";

/** What a resource's create and update functions answer. */
export type WriteResult<Row, F extends string = string> =
  | { status: "ok"; row: Row }
  | { status: "invalid"; fieldErrors: FieldErrors<F> }
  | { status: "conflict"; message: string; fieldErrors: FieldErrors<F> }
  | { status: "not-found" };
