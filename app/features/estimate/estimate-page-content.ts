// The /estimate page's own words: the defaults of its editable fields (estimate-page-fields.ts).
// {name}, {phone}, {email}, {address} and {hours} are filled in from the business details.

export const hero = {
  eyebrow: "Instant estimate",
  title: "What will your ceiling or partition cost?",
  lead: "Pick the work, enter the size and say where the job is: a ballpark price range appears on the spot, from the rates we quote every week across Dublin, Kildare and the surrounding counties. No e-mail address needed.",
};

export const assumptionsHeading = "What we've assumed";
export const assumptions: ReadonlyArray<string> = [
  "Prices are before VAT, which is added at 13.5%, the rate for most building work in Ireland.",
  "Clear, safe access to the work area during our normal working hours ({hours}), unless you tick out-of-hours work.",
  "Ceilings up to 3.5 m high, reachable from towers or podiums, unless you tick the option for higher ceilings.",
  "The existing ceiling stays in place unless you tick its removal.",
  "Materials from our standard ranges. Premium tiles, bespoke glazing film or special finishes can cost more.",
  "Electrical work (moving lights, sensors and sockets), doors, decoration and any asbestos survey are by others or quoted separately.",
];

export const survey = {
  heading: "A free site survey confirms it",
  text: "This is a guide, not a quote. When you're ready, we visit free of charge, measure up, check access, services and the structure above, and send you a fixed, itemised quote, usually within two working days. The price on that quote is the price you pay unless the job changes.",
};

export const ratesHeading = "Our typical rates";
export const ratesIntro =
  "The rates behind the estimate, supplied and fitted, before VAT. Where your job falls in each range depends on the finish, the access and how much cutting around services it needs.";

export const closing = {
  button: "Ask for a free site survey",
  text: "Unusual job, or rather talk it through? Tell us about it and we'll come and measure up.",
};
