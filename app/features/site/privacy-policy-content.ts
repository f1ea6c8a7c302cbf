// Privacy notice copy. {name}, {legalName}, {email}, {phone} and {address} are filled in from the
// business settings (fillBusinessText), so the notice always names the right controller and
// contact details.

export const metaFallback = {
  title: "Privacy Policy",
  description:
    "How we collect, use and protect the details you send through our contact form and chat assistant, how long we keep them and how to use your rights.",
};

export const LAST_UPDATED = { iso: "2026-11-26", label: "26 November 2026" };

export type PolicySection = {
  id: string;
  heading: string;
  paragraphs?: ReadonlyArray<string>;
  bullets?: ReadonlyArray<string>;
  after?: ReadonlyArray<string>;
};

export const intro =
  "This notice explains what personal data {name} collects through this website, why we collect it, who can see it, how long we keep it and the rights you have. We are a small business and we only collect what we need to answer your enquiry and carry out the work you ask us to do.";

export const sections: ReadonlyArray<PolicySection> = [
  {
    id: "who-we-are",
    heading: "Who we are",
    paragraphs: [
      "{legalName} (\u201cwe\u201d, \u201cus\u201d) is the data controller for the personal data described in this notice. Our address is {address}. You can contact us about anything in this notice by e-mail at {email} or by phone on {phone}.",
      "As a small business we are not required to appoint a data protection officer. Questions and requests about your data go to the same e-mail address and are answered by a named member of our management team.",
    ],
  },
  {
    id: "what-we-collect",
    heading: "What we collect",
    paragraphs: ["When you send an enquiry through our contact form or our chat assistant, we collect:"],
    bullets: [
      "your name, e-mail address and phone number (phone is optional);",
      "the service you are interested in and the message or project details you write;",
      "the page of our website you first arrived on, and any campaign tags in its address (the \u201cutm\u201d tags that tell us, for example, that you came from a particular advertisement or newsletter);",
      "the referrer: the website you arrived from, if your browser tells us;",
      "the date and time of the enquiry.",
    ],
    after: [
      "If you phone or e-mail us directly, we keep the details you give us in the same way. If you become a customer, we also hold the information needed to quote, carry out and invoice the work, such as the site address and the name of your business.",
      "Our web server keeps short technical logs of requests (the address requested, the time and the response) so we can keep the site secure and working. We do not use these logs to identify visitors.",
    ],
  },
  {
    id: "visitor-statistics",
    heading: "Visitor statistics",
    paragraphs: [
      "To see which pages and advertisements bring us enquiries, our own server counts the pages people view. It does this without cookies, without any tracking script and without any outside analytics company. For each page view we record:",
    ],
    bullets: [
      "the page viewed, and the date and time;",
      "the website you came from (its name only, such as google.ie) and any campaign tags in the page's address;",
      "whether you used a phone, a tablet or a computer;",
      "a visitor code that lets us tell one visitor from another on the same day. It is worked out from your IP address and browser type together with a random value that is deleted at the end of each day, so the next day you get a different code and nobody, us included, can link your visits across days or work back to you.",
    ],
    after: [
      "We never store your IP address or your browser's details for these statistics. We do not count search engine robots, our own staff, or anyone whose browser sends a “Do Not Track” or “Global Privacy Control” signal. If you send us an enquiry, it is linked to the visit it came from (the page you arrived on and the campaign, if any) so we can see which pages bring us work. The individual page views are deleted after 30 days; only daily totals per page are kept after that.",
    ],
  },
  {
    id: "why-we-use-it",
    heading: "Why we use it, and our legal basis",
    paragraphs: [
      "We use your details only to reply to your enquiry, arrange a site survey, prepare a quote and, if you go ahead, carry out and invoice the work. Under the General Data Protection Regulation (GDPR) and the Data Protection Acts 1988 to 2018, our legal bases are:",
    ],
    bullets: [
      "steps you ask us to take before entering into a contract, such as a survey and quote (Article 6(1)(b) GDPR);",
      "our legitimate interest in answering business enquiries and understanding which pages and campaigns bring enquiries to us, so we can spend less on advertising that doesn't work (Article 6(1)(f) GDPR);",
      "the contract itself, once you become a customer, and our legal obligations, for example to keep accounting records (Article 6(1)(b) and (c) GDPR).",
    ],
    after: [
      "We do not use your details for automated decision-making or profiling, and we will not add you to a mailing list unless you ask us to.",
    ],
  },
  {
    id: "who-sees-it",
    heading: "Who sees your information",
    paragraphs: [
      "Your enquiry is seen only by our own staff who need it to deal with your request. We also use a small number of service providers who process data on our behalf, under written contracts that require them to keep it secure and use it only on our instructions:",
    ],
    bullets: [
      "our e-mail provider, which delivers and stores the e-mails we exchange with you;",
      "our website hosting provider, whose servers run this website and store the enquiries sent through it.",
    ],
    after: [
      "We never sell your personal data, and we do not share it with anyone for their own marketing. We would only disclose it to others where the law requires us to, for example to the Revenue Commissioners or in response to a court order.",
      "If one of our providers stores data outside the European Economic Area, we make sure it is protected by an adequacy decision or by the European Commission's Standard Contractual Clauses.",
    ],
  },
  {
    id: "how-long",
    heading: "How long we keep it",
    bullets: [
      "Enquiries that don't lead to work: 24 months from your last contact with us, so we can follow up on a quote and see earlier correspondence if you come back to us. After that they are deleted.",
      "If you become a customer: we keep your quotes, correspondence and invoices for as long as accounting and tax rules require, which is currently six years from the end of the relevant financial year.",
      "Unsent leads held by the chat assistant in your own browser stay there until you clear your browser's site data (see Cookies and local storage below).",
    ],
  },
  {
    id: "security",
    heading: "How we protect it",
    paragraphs: [
      "Enquiries are sent to us over an encrypted connection and stored in a database that only authorised staff can reach, through an admin area that needs a personal sign-in. We limit access to the people who need it and delete data when the retention periods above end.",
    ],
  },
  {
    id: "your-rights",
    heading: "Your rights",
    paragraphs: ["Under data protection law you have the right to:"],
    bullets: [
      "access the personal data we hold about you and get a copy of it;",
      "have inaccurate or incomplete data corrected (rectification);",
      "have your data erased, where we no longer need it or you withdraw a request;",
      "object to our use of your data based on legitimate interests, and we will stop unless we have a compelling reason to continue;",
      "ask us to restrict how we use your data, or to give you your data in a portable format, where these rights apply;",
      "complain to the Data Protection Commission.",
    ],
    after: [
      "To use any of these rights, e-mail {email}. We will reply within one month, and there is no charge. We may ask you to confirm your identity before we release any data.",
      "If you are unhappy with how we have handled your data, please tell us first so we can try to put it right. You can also complain to the Data Protection Commission, 21 Fitzwilliam Square South, Dublin 2, D02 RD28, or online at www.dataprotection.ie.",
    ],
  },
  {
    id: "cookies",
    heading: "Cookies and local storage",
    paragraphs: [
      "This website does not use advertising or analytics cookies, and we do not track you across other websites. Our visitor statistics (see above) use no cookies either.",
      "The only cookie we set is a strictly necessary sign-in cookie for our staff when they log in to the admin area. Visitors to the public website never receive it.",
      "If you start giving your details to our chat assistant but they are not sent to us (for example, because you close the page first), the assistant keeps them in your browser's local storage on your own device so they are not lost. We cannot see anything held there until it is sent. You can remove it at any time by clearing this website's data in your browser settings.",
    ],
  },
  {
    id: "changes",
    heading: "Changes to this notice",
    paragraphs: [
      "We will update this notice if the way we handle personal data changes. The date at the top shows when it was last revised.",
    ],
  },
];
