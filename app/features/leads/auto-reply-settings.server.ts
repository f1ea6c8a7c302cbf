import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/forms/field-errors";
import { AUTO_REPLY_FIELDS, AutoReplySchema, DEFAULT_AUTO_REPLY, type AutoReplyInput } from "./auto-reply-schema";

export type AutoReplySettings = AutoReplyInput;

/** The auto-reply settings, with the defaults where staff have not changed them (no row yet). */
export async function getAutoReplySettings(db: Db): Promise<AutoReplySettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return {
    autoReplyEnabled: row?.autoReplyEnabled ?? true,
    autoReplySubject: row?.autoReplySubject ?? DEFAULT_AUTO_REPLY.subject,
    autoReplyBody: row?.autoReplyBody ?? DEFAULT_AUTO_REPLY.body,
  };
}

export async function saveAutoReplySettings(
  db: Db,
  raw: unknown,
): Promise<
  | { status: "ok"; settings: AutoReplySettings; changed: string[] }
  | { status: "invalid"; fieldErrors: FieldErrors<(typeof AUTO_REPLY_FIELDS)[number]> }
> {
  const parsed = AutoReplySchema.safeParse(raw ?? {});
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error, AUTO_REPLY_FIELDS) };
  const before = await getAutoReplySettings(db);
  const settings = parsed.data;
  await db
    .insert(siteSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...settings, updatedAt: new Date() } });
  const changed = AUTO_REPLY_FIELDS.filter((f) => before[f] !== settings[f]);
  return { status: "ok", settings, changed };
}
