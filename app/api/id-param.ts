// Row ids as they arrive in a path or query (/api/admin/contacts/:id, /admin/quotes/:id): every
// table's id is a PostgreSQL integer from 1 up.

/** The largest id an integer column holds (2^31 − 1). */
export const MAX_ID = 2_147_483_647;

/**
 * A row id written as a plain decimal number from 1 to 2^31 − 1 ("7"; not "0", "-1", "007", "1e3"
 * or " 7"), or null: the caller answers "no such row" (404) without asking the database.
 */
export function idParam(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
