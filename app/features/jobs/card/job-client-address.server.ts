import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, quotes, type JobRow } from "~/db/schema";

/**
 * Where a job's e-mails to its client go (the handover pack, a review request): the client's first
 * contact with an address, else the quote's.
 */
export async function jobClientAddress(
  tx: Db,
  job: Pick<JobRow, "clientId" | "quoteId">,
): Promise<{ name: string; email: string } | null> {
  const [client] = await tx
    .select({ contacts: clients.contacts, name: clients.name })
    .from(clients)
    .where(eq(clients.id, job.clientId));
  const contact = client?.contacts.find((c) => c.email.trim());
  if (contact) return { name: contact.name || client!.name, email: contact.email.trim() };
  if (job.quoteId === null) return null;
  const [quote] = await tx.select({ client: quotes.client }).from(quotes).where(eq(quotes.id, job.quoteId));
  return quote?.client.email ? { name: quote.client.name, email: quote.client.email } : null;
}
