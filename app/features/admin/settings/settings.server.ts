import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/forms/field-errors";
import { DigestEmailSchema } from "./settings-schema";

/** Sets (or, with "", clears) where your daily digest goes. */
export async function saveDigestEmail(
  db: Db,
  userId: number,
  raw: unknown,
): Promise<{ status: "ok"; email: string | null } | { status: "invalid"; fieldErrors: FieldErrors<"email"> }> {
  const parsed = DigestEmailSchema.safeParse(raw ?? {});
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error, ["email"]) };
  const email = parsed.data.email || null;
  await db.update(users).set({ email }).where(eq(users.id, userId));
  return { status: "ok", email };
}
