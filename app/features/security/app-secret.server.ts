import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

const KEY = "app_secret";

/**
 * The key for signing form tokens: APP_SECRET if set, else a random one generated on first use and
 * stored in the database, so every server on one database signs and checks alike.
 */
export async function loadAppSecret(db: Db, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, "utf8");
  const read = async () => (await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY)))[0];
  // Read first: a server starting on a full disk (writes refused) still has its secret.
  let row = await read();
  if (!row) {
    await db
      .insert(appMeta)
      .values({ key: KEY, value: crypto.randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error("could not load the app secret");
  return Buffer.from(row.value, "base64url");
}
