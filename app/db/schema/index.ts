/**
 * The database schema (Drizzle), one file per domain. Import from "~/db/schema": this index
 * re-exports every table, type and constant; drizzle-kit reads it too (drizzle.config.ts).
 */
export * from "./auth";
export * from "./leads";
export * from "./settings";
export * from "./mail";
export * from "./content";
export * from "./quotes";
export * from "./booking";
export * from "./analytics";
export * from "./clients";
export * from "./jobs";
export * from "./job-programme";
export * from "./invoices";
export * from "./reviews";
export * from "./lead-stats";
