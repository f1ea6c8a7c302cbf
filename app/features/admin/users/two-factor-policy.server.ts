import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

const KEY = "require_two_factor";

/** Whether every user must use two-factor sign-in (an admin's setting on the users page). */
export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY)).limit(1);
  return row?.value === "true";
}

export async function setTwoFactorRequired(db: Db, required: boolean): Promise<void> {
  const value = String(required);
  await db
    .insert(appMeta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
