import { sql, type Column, type SQL } from "drizzle-orm";

/** LIKE pattern for a literal substring (%, _ and \ in the search are not wildcards). */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column = any(array(subquery))`: the subquery's ids worked out once, as an array, so the planner
 * cannot fold them into the outer query. Where `in (subquery)` made PostgreSQL 15 read every row of
 * the outer table to test it (an OR with another index scan, a join it turned around), this keeps
 * an index scan on `column` (issue 40 item 5: 136,842 buffers to 7 for the dashboard's unmatched
 * payments; the invoice search's OR as two index scans).
 */
export const inIdArray = (column: Column, ids: SQL | { getSQL(): SQL }): SQL => sql`${column} = any(array(${ids}))`;
