import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, contactSubmissions, type ClientContact } from "~/db/schema";
import { clientMatchKeys, emailKey, phoneKey } from "./client-keys";

type LeadForClient = { id: number; name: string; email: string; phone: string | null; clientId: number | null };

/**
 * Makes the lead belong to a client, inside the caller's transaction: the client one of whose
 * contacts has the lead's e-mail (any case) or phone (digits only), else a new client made from the
 * lead. Quarantined leads are attached only when released (the callers decide when). Two leads with
 * one e-mail at once, on any server, find one client: the match is taken under a transaction-scoped
 * advisory lock on the e-mail key. Answers the client's id.
 */
export async function attachLeadToClient(tx: Db, lead: LeadForClient): Promise<number> {
  if (lead.clientId !== null) return lead.clientId;
  const email = emailKey(lead.email);
  const phone = phoneKey(lead.phone);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`client:${email ?? phone ?? lead.id}`}))`);
  const matches = [
    email ? sql`${clients.matchEmails} @> array[${email}]::text[]` : undefined,
    phone ? sql`${clients.matchPhones} @> array[${phone}]::text[]` : undefined,
  ].filter((m) => m !== undefined);
  let clientId: number | undefined;
  if (matches.length > 0) {
    const [found] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(sql.join(matches, sql` or `))
      // The longest-standing client wins when two match (e.g. one by e-mail, one by phone).
      .orderBy(clients.id)
      .limit(1);
    clientId = found?.id;
  }
  if (clientId === undefined) {
    const contacts: ClientContact[] = [{ name: lead.name, email: lead.email, phone: lead.phone ?? "", role: "" }];
    const [created] = await tx
      .insert(clients)
      .values({ name: lead.name, contacts, ...clientMatchKeys(contacts) })
      .returning({ id: clients.id });
    clientId = created!.id;
  }
  // Which client a lead belongs to is the client's side of the link, not a move of the lead: no
  // status, pipeline field or timeline entry changes (the lint rule's one exception in app/).
  // eslint-disable-next-line no-restricted-syntax
  await tx
    .update(contactSubmissions)
    .set({ clientId })
    .where(and(eq(contactSubmissions.id, lead.id), isNull(contactSubmissions.clientId)));
  return clientId;
}

/**
 * What a client accepted a quote as fills the gaps in their record, inside the acceptance's
 * transaction: the company, and the quote's address as the billing address (with its Eircode), so
 * the deposit invoice can be issued without staff typing them again. Only empty fields are filled:
 * what staff entered is never overwritten.
 */
export async function fillClientGaps(
  tx: Db,
  clientId: number,
  quoted: { company: string; address: string[]; eircode: string },
): Promise<void> {
  const [client] = await tx
    .select({ company: clients.company, address: clients.address, eircode: clients.eircode })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client) return;
  const company = quoted.company.trim();
  const fillAddress = client.address.length === 0 && client.eircode === "" && quoted.address.length > 0;
  const gaps = {
    ...(client.company === "" && company !== "" ? { company } : {}),
    ...(fillAddress ? { address: quoted.address, eircode: quoted.eircode } : {}),
  };
  if (Object.keys(gaps).length === 0) return;
  await tx
    .update(clients)
    .set({ ...gaps, updatedAt: new Date() })
    .where(eq(clients.id, clientId));
}
