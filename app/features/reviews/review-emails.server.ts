import type { Business } from "~/config";
import { visitorName } from "~/features/leads/visitor-text";

// The review request and its reminders (issue 39), plain text like every letter from the office.
// Every client gets the same two links, whatever anyone thinks of how the job went: Google's, and
// the site's own form. Nothing is offered in return for a review.

export type ReviewMail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

export type ReviewFacts = {
  /** The contact's name, as the client record has it. */
  name: string;
  toAddress: string;
  /** The job's title ("Suspended ceiling, Unit 4"); "" when it has none. */
  jobTitle: string;
  /** The site's area, never its street ("Sandyford, Dublin 18"). */
  area: string;
  /** The client's link, /r/<token>, in full. */
  link: string;
};

function greeting(name: string): string {
  const first = visitorName(name.trim().split(/\s+/)[0] ?? name);
  return first === "there" ? "Hello there," : `Dear ${first},`;
}

/**
 * "your job in Swords, Co. Dublin: Office partitions, second floor", or without a title "your job
 * in Swords, Co. Dublin". Staff write a title as a heading (its own capitals and commas), so it
 * closes the sentence after a colon instead of being fitted into its grammar.
 */
function yourJob(r: ReviewFacts): string {
  const title = r.jobTitle.trim().replace(/[\s.]+$/, "");
  return `your job in ${r.area}${title ? `: ${title}` : ""}`;
}

function links(r: ReviewFacts, business: Business): string[] {
  return [
    ...(business.googleReviewUrl
      ? ["On Google, if you have a Google account:", business.googleReviewUrl, "", "Or here, with no account needed:"]
      : ["Here, with no account needed:"]),
    r.link,
  ];
}

function signOff(business: Business): string[] {
  return ["", "Thank you,", business.name, `${business.phone} · ${business.email}`];
}

export function reviewRequestEmail(r: ReviewFacts, business: Business): ReviewMail {
  return {
    toAddress: r.toAddress,
    replyTo: business.email,
    subject: `How did we do? A short review of your job with ${business.name}`,
    bodyText: [
      greeting(r.name),
      "",
      `Thank you for choosing ${business.name} for ${yourJob(r)}.`,
      "",
      "Most of our work comes from businesses that read what earlier clients wrote before they pick a contractor. Would you give them two minutes and say how the job went: the good, and anything we could have done better?",
      "",
      ...links(r, business),
      "",
      "On our own form you choose whether we show your name and company with your review; without your say-so it appears as a verified client in your area. You can also tell us there that you would rather not review.",
      "",
      `Anything about the work itself: reply to this e-mail or ring us on ${business.phone}.`,
      ...signOff(business),
    ].join("\n"),
  };
}

export function reviewReminderEmail(r: ReviewFacts, business: Business): ReviewMail {
  return {
    toAddress: r.toAddress,
    replyTo: business.email,
    subject: `A reminder: your review of ${business.name}`,
    bodyText: [
      greeting(r.name),
      "",
      `A few days ago we asked for a review of ${yourJob(r)}. If you have two minutes, a few honest lines help the next business choosing a ceilings contractor.`,
      "",
      ...links(r, business),
      "",
      'If you would rather not, choose "No thanks" on that page and we will not ask again.',
      ...signOff(business),
    ].join("\n"),
  };
}
