import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { priceList } from "~/db/schema";
import { DEFAULT_PRICE_LIST, type PriceList } from "./price-list";

/**
 * The price table. A database that has none yet (before the first start's seeding, or in tests)
 * answers the seed table, so the estimate always works.
 */
export async function getPriceList(db: Db): Promise<PriceList & { updatedAt: Date | null }> {
  const [row] = await db.select().from(priceList).where(eq(priceList.id, 1));
  if (!row) return { ...structuredClone(DEFAULT_PRICE_LIST), updatedAt: null };
  return { items: row.items, options: row.options, minimumChargeEur: row.minimumChargeEur, updatedAt: row.updatedAt };
}

/** Seeds the price table on start when there is none (never overwrites staff's prices). */
export async function ensurePriceList(db: Db): Promise<boolean> {
  const inserted = await db
    .insert(priceList)
    .values({ id: 1, ...DEFAULT_PRICE_LIST })
    .onConflictDoNothing()
    .returning({ id: priceList.id });
  return inserted.length > 0;
}

/** Replaces the whole table (already validated); answers the previous one for the audit log. */
export async function savePriceList(db: Db, list: PriceList): Promise<{ before: PriceList; updatedAt: Date }> {
  return db.transaction(async (tx) => {
    // Locks the row so two staff saving at once are applied one after the other.
    const [old] = await tx.select().from(priceList).where(eq(priceList.id, 1)).for("update");
    const [row] = await tx
      .insert(priceList)
      .values({ id: 1, ...list })
      .onConflictDoUpdate({
        target: priceList.id,
        set: {
          items: list.items,
          options: list.options,
          minimumChargeEur: list.minimumChargeEur,
          updatedAt: sql`now()`,
        },
      })
      .returning({ updatedAt: priceList.updatedAt });
    return { before: old ?? DEFAULT_PRICE_LIST, updatedAt: row!.updatedAt };
  });
}

/** What changed, for the audit log: items and options added, removed or edited, by their labels. */
export function priceListChanges(before: PriceList, after: PriceList): string[] {
  const changes: string[] = [];
  for (const kind of ["items", "options"] as const) {
    const old = new Map<string, { label: string }>(before[kind].map((r) => [r.key, r]));
    const now = new Map<string, { label: string }>(after[kind].map((r) => [r.key, r]));
    for (const [k, v] of now) {
      if (!old.has(k)) changes.push(`added "${v.label}"`);
      else if (canonical(old.get(k)) !== canonical(v)) changes.push(`changed "${v.label}"`);
    }
    for (const [k, v] of old) if (!now.has(k)) changes.push(`removed "${v.label}"`);
  }
  if (before.minimumChargeEur !== after.minimumChargeEur) changes.push("changed minimum charge");
  return changes;
}

/** JSON with sorted keys (jsonb does not keep the order keys were written in). */
const canonical = (value: unknown) =>
  JSON.stringify(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
