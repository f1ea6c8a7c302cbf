// How a member of staff is named to a client or a colleague: their full name once set on My Account
// or the Users page, else their username. Pure, so pages and e-mails use the same rule;
// staff-name.server.ts is the same rule in SQL, for queries that select or order by it.

export type StaffNameable = { username: string; fullName: string };

/** "Niamh Byrne", or "niamh.byrne" while no full name is set. */
export function staffName(user: StaffNameable): string {
  return user.fullName.trim() || user.username;
}

/**
 * For the audit log, which records the username as it stood: "Niamh Byrne (niamh)" once a full
 * name is set, else "niamh".
 */
export function staffNameAndUsername(username: string, fullName: string | undefined): string {
  const name = fullName?.trim();
  return name ? `${name} (${username})` : username;
}
