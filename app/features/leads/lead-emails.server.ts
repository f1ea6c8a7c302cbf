import type { Db } from "~/db/client.server";
import { emailOutbox, type ContactSubmission } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { queueAutoReply } from "./auto-reply.server";
import { buildContactNotification } from "./notification.server";

/**
 * The staff notification and the visitor's auto-reply for a lead now in the inbox: on arrival, or
 * when staff release it from quarantine (in that transaction).
 */
export async function queueLeadEmails(
  tx: Db,
  row: ContactSubmission,
  services: Pick<AppServices, "siteUrl" | "business" | "notifyEmails">,
  options: { autoReply: boolean } = { autoReply: true },
): Promise<void> {
  const { siteUrl, business } = services;
  const mail = buildContactNotification(row, {
    to: services.notifyEmails.join(", "),
    siteUrl,
    businessName: business.name,
  });
  await tx.insert(emailOutbox).values({ submissionId: row.id, ...mail });
  if (options.autoReply) await queueAutoReply(tx, row, business, siteUrl);
}
