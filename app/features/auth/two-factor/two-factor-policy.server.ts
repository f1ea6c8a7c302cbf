import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/** Also read by the session query (auth/session.server.ts), so the guard needs no extra round trip. */
export const REQUIRE_TWO_FACTOR_KEY = "require_two_factor";

/** Whether every user must use two-factor sign-in (an admin's setting on the users page). */
export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, REQUIRE_TWO_FACTOR_KEY))
    .limit(1);
  return row?.value === "true";
}

export async function setTwoFactorRequired(db: Db, required: boolean): Promise<void> {
  const value = String(required);
  await db
    .insert(appMeta)
    .values({ key: REQUIRE_TWO_FACTOR_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
