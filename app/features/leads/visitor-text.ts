// What a visitor typed, as e-mail from the business may repeat it to the address they gave. Anyone
// can type any address, so such an e-mail must be useless for phishing in the business's name: a
// name is cut short and becomes "there" if a mail program could turn it into a link, and any other
// visitor text that looks like a link or an address is left out. Every e-mail a visitor's input
// triggers (the auto-reply, booking invitations and reminders, a quote's confirmation) uses these.

export const VISITOR_NAME_MAX = 60;
/** Anything a mail program might turn into a link: a scheme, www., an @, or a dotted host name. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|@|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/** Whether a mail program might show this text as a link (or it names an e-mail address). */
export const looksLikeLink = (text: string) => LINK_LIKE.test(text);

/** The visitor's name as an e-mail to them may show it: one line, at most 60 characters, never link-like. */
export function visitorName(name: string): string {
  const line = name.replace(/\s+/g, " ").trim();
  if (!line || looksLikeLink(line)) return "there";
  return line.length <= VISITOR_NAME_MAX ? line : `${line.slice(0, VISITOR_NAME_MAX - 1).trimEnd()}…`;
}

/** Other visitor text (an address typed for a survey): one line, or `instead` when it looks like a link. */
export function visitorText(text: string, instead: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return !line || looksLikeLink(line) ? instead : line;
}
