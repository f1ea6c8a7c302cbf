import { customType, timestamp } from "drizzle-orm/pg-core";

/** Column helpers the schema files share (not tables; not re-exported by the index). */

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Binary data. node-postgres returns a Buffer, PGlite a Uint8Array: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
