import { sql } from "drizzle-orm";
import { users } from "~/db/schema";

/**
 * `staffName` (./staff-name.ts) in SQL: the full name, else the username. For selects and orderings
 * of people joined from `users` (the crew of a day, who ticked a checklist item).
 */
export const staffNameSql = sql<string>`coalesce(nullif(btrim(${users.fullName}), ''), ${users.username})`;
