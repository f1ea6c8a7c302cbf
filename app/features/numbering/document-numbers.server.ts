import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { documentNumbers } from "~/db/schema";

/** The numbered documents after quotes: jobs, invoices and credit notes. */
export type NumberSeries = "J" | "INV" | "CN";

/**
 * The next number of the series for the year ("INV-2026-0001"), taken inside the caller's
 * transaction: the counter row stays locked until that transaction ends, so concurrent writers on
 * every server sharing the database queue behind it, and a transaction that rolls back gives its
 * number back (no gaps). Give the number in the transaction that stores the document.
 */
export async function nextDocumentNumber(tx: Db, series: NumberSeries, year: number): Promise<string> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentNumbers.series, documentNumbers.year],
      set: { last: sql`${documentNumbers.last} + 1` },
    })
    .returning({ last: documentNumbers.last });
  return formatDocumentNumber(series, year, row!.last);
}

export function formatDocumentNumber(series: NumberSeries, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(4, "0")}`;
}
