// The business's facts as staff set them (Settings > Business, GET/PUT /api/admin/settings/business):
// one zod/mini schema for the form's instant errors and the API's final word, and the step from
// what is stored to the Business every page, e-mail and quote reads. Never imports server code.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import * as z from "zod/mini";
import type { Business } from "~/config";
import type { StoredBusiness } from "~/db/schema";
import { cleanText } from "~/forms/clean-text";
import { formatTimeRange } from "~/features/time/irish-format";
import { addressLines } from "./address-lines";

export type BusinessSettings = StoredBusiness;

/** schema.org day names, in the week's order (they are also the labels in the form). */
export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const text = (max: number, message: string, multiline = false) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((v: string) => cleanText(v, multiline)),
    ),
    z.string().check(z.minLength(1, message), z.maxLength(max, `At most ${max} characters`)),
  );

/** "" or a cleaned value that passes `test`. */
const optional = (max: number, test: (v: string) => boolean, message: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((v: string) => cleanText(v, false)),
    ),
    z.string().check(
      z.maxLength(max, message),
      z.refine((v) => v === "" || test(v), message),
    ),
  );

const PHONE_MESSAGE = "Enter the number as callers dial it, e.g. 01 555 0192 or +353 87 123 4567";
const phone = z.pipe(
  text(30, PHONE_MESSAGE),
  z
    .string()
    // "(01) 429 6020": an Irish area code is often written in brackets.
    .check(z.refine((v) => /^\+?[0-9(][0-9 ()-]*$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, "")), PHONE_MESSAGE)),
);

const email = (message: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((v: string) => v.trim()),
    ),
    z.email({ error: message }).check(z.maxLength(254, message)),
  );

/** Routing key (A65, D6W…) and a four-character unique identifier, e.g. D12 X5F8. */
const EIRCODE = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i;
const eircode = z.pipe(
  optional(8, (v) => EIRCODE.test(v), "Enter an Eircode like D12 X5F8, or leave it empty"),
  z.transform((v: string) =>
    v === "" ? "" : `${v.replace(/\s/g, "").slice(0, 3)} ${v.replace(/\s/g, "").slice(3)}`.toUpperCase(),
  ),
);

/** IE, then 7 digits and one or two letters (or the older 1X23456X form); spaces allowed. */
const VAT = /^IE\d[0-9A-Z+*]\d{5}[A-W][A-IW]?$/;
const vatNumber = optional(
  20,
  (v) => VAT.test(v.replace(/\s/g, "").toUpperCase()),
  "Enter an Irish VAT number like IE3456789LH, or leave it empty",
);

export const BANK_MESSAGES = {
  accountName: "Enter the account name as the bank has it, e.g. the business's legal name",
  iban: "Enter a valid IBAN, e.g. IE29 AIBK 9311 5212 3456 78 (check the digits: its checksum does not match)",
  bic: "Enter the bank's BIC, 8 or 11 characters, e.g. AIBKIE2D",
  incomplete: "Enter the account name, IBAN and BIC, or leave all three empty",
} as const;

/** Stored without spaces, in capitals; the IBAN's check digits must match (ibantools: mod-97 and each country's length). */
const compact = (v: string) => v.replace(/\s/g, "").toUpperCase();
const BankSchema = z
  .object({
    accountName: optional(70, () => true, BANK_MESSAGES.accountName),
    iban: z.pipe(
      optional(42, (v) => isValidIBAN(electronicFormatIBAN(v) ?? ""), BANK_MESSAGES.iban),
      z.transform(compact),
    ),
    bic: z.pipe(
      optional(14, (v) => isValidBIC(compact(v)), BANK_MESSAGES.bic),
      z.transform(compact),
    ),
  })
  .check(
    z.superRefine((bank, ctx) => {
      const given = [bank.accountName, bank.iban, bank.bic].filter((v) => v !== "").length;
      if (given === 0 || given === 3) return;
      for (const key of ["accountName", "iban", "bic"] as const)
        if (bank[key] === "")
          ctx.issues.push({ code: "custom", message: BANK_MESSAGES.incomplete, input: bank, path: [key] });
    }),
  );

const socialUrl = (site: string, host: string) =>
  optional(
    300,
    (v) => {
      try {
        const url = new URL(v);
        return url.protocol === "https:" && (url.hostname === host || url.hostname.endsWith(`.${host}`));
      } catch {
        return false;
      }
    },
    `Enter the full address of your ${site} page, starting https://, or leave it empty`,
  );

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const OpeningHoursSchema = z
  .object({
    days: z.array(z.enum(WEEK_DAYS, { error: "Choose days of the week" })).check(
      z.minLength(1, "Choose at least one day you are open"),
      z.refine((days) => new Set(days).size === days.length, "Each day once"),
    ),
    opens: z.string().check(z.regex(TIME, "Enter the opening time as HH:MM, e.g. 08:00")),
    closes: z.string().check(z.regex(TIME, "Enter the closing time as HH:MM, e.g. 18:00")),
  })
  .check(z.refine((h) => h.closes > h.opens, { message: "Closing time must be after opening time", path: ["closes"] }));

const SocialSchema = z.object({
  facebook: socialUrl("Facebook", "facebook.com"),
  instagram: socialUrl("Instagram", "instagram.com"),
  linkedin: socialUrl("LinkedIn", "linkedin.com"),
});

const RatingSchema = z.object({
  value: z.number({ error: "Enter the average rating as a number from 1 to 5, e.g. 4.8" }).check(
    z.gte(1, "The average rating is from 1 to 5"),
    z.lte(5, "The average rating is from 1 to 5"),
    z.refine(
      (v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9,
      "Use one decimal place at most, e.g. 4.8",
    ),
  ),
  count: z
    .int({ error: "Enter how many reviews, as a whole number" })
    .check(z.gte(1, "Enter how many reviews (at least 1)"), z.lte(1_000_000, "Enter how many reviews")),
  source: text(100, "Say where the reviews are, e.g. Google reviews"),
});

export const BusinessSettingsSchema = z.object({
  name: text(100, "Enter the business's trading name"),
  phone,
  email: email("Enter a valid e-mail address, e.g. info@yourcompany.ie"),
  address: text(300, "Enter the street address", true),
  eircode,
  // Optional: settings stored before it existed read the BUSINESS_AREA / code default instead.
  area: z.optional(text(100, "Say where you are based, e.g. Ballymount, Dublin 12")),
  // Used only while SITE_URL is unset (site-url.ts); "" leaves the default.
  siteUrl: z.optional(
    z.pipe(
      optional(
        200,
        (v) => {
          try {
            const url = new URL(v);
            return (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search;
          } catch {
            return false;
          }
        },
        "Enter the address visitors type, starting https://, e.g. https://www.icinteriors.ie",
      ),
      z.transform((v: string) => v.replace(/\/+$/, "")),
    ),
  ),
  openingHours: OpeningHoursSchema,
  social: SocialSchema,
  vatNumber,
  // Optional: settings stored before it existed have none (invoices then print no bank details).
  bank: z.optional(BankSchema),
  notifyEmails: z
    .array(email("Enter a valid e-mail address"))
    .check(
      z.minLength(1, "Add at least one address that gets new-lead e-mails"),
      z.maxLength(10, "At most 10 addresses"),
    ),
  rating: z.nullable(RatingSchema),
  // Optional: settings stored before it existed have none (the review e-mails then carry no Google link).
  googleReviewUrl: z.optional(
    optional(
      500,
      (v) => {
        try {
          return new URL(v).protocol === "https:";
        } catch {
          return false;
        }
      },
      "Enter your Google review link in full, starting https://, e.g. https://g.page/r/…/review, or leave it empty",
    ),
  ),
});

/** A PUT changes only the fields it names; in `social`, only the links it names. */
export const BusinessSettingsPatchSchema = z.partial(
  z.extend(BusinessSettingsSchema, { social: z.partial(SocialSchema) }),
);
export type BusinessSettingsPatch = z.infer<typeof BusinessSettingsPatchSchema>;

/** Each message keyed by its field's full path ("notifyEmails.1", "rating.value"), the first per path. */
export function settingsFieldErrors(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** "+35315550192" from "01 555 0192" (an Irish number), or the number as given in international form. */
export function phoneE164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `+${digits.slice(1).replace(/\+/g, "")}`;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `+353${digits.slice(1)}`;
  return `+353${digits}`;
}

/** How the hours read on the page: "Monday–Friday: 8:00–18:00" (a run of days), else the days listed. */
export function openingHoursLabel(hours: BusinessSettings["openingHours"]): string {
  const order = hours.days.map((d) => WEEK_DAYS.indexOf(d as (typeof WEEK_DAYS)[number])).sort((a, b) => a - b);
  const names = order.map((i) => WEEK_DAYS[i]!);
  const run = order.every((d, i) => i === 0 || d === order[i - 1]! + 1);
  const days =
    names.length === 1 ? names[0] : run && names.length > 2 ? `${names[0]}–${names.at(-1)}` : names.join(", ");
  return `${days}: ${formatTimeRange(hours.opens, hours.closes)}`;
}

/**
 * The Business the site shows, from the stored settings. What staff do not set here (legal name,
 * tagline, region, map position, service radius) comes from `base` (app/config.ts and BUSINESS_*):
 * the legal name follows a renamed business unless BUSINESS_LEGAL_NAME names it.
 */
export function toBusiness(
  stored: BusinessSettings,
  base: Business,
  options: { legalNameSet: boolean } = { legalNameSet: false },
): Business {
  const lines = addressLines(stored.address);
  const social = [
    { name: "Facebook", url: stored.social.facebook },
    { name: "LinkedIn", url: stored.social.linkedin },
    { name: "Instagram", url: stored.social.instagram },
  ].filter((s) => s.url !== "");
  return {
    ...base,
    name: stored.name,
    legalName: options.legalNameSet || stored.name === base.name ? base.legalName : stored.name,
    phone: stored.phone,
    phoneE164: phoneE164(stored.phone),
    email: stored.email,
    vatNumber: stored.vatNumber,
    area: stored.area ?? base.area,
    address: {
      // The last line is the town or district ("Dublin 12"); with one line, it is all street.
      street: (lines.length > 1 ? lines.slice(0, -1) : lines).join(", "),
      locality: lines.length > 1 ? lines.at(-1)! : "",
      region: base.address.region,
      postalCode: stored.eircode,
      country: base.address.country,
    },
    openingHours: {
      days: [...stored.openingHours.days].sort(
        (a, b) =>
          WEEK_DAYS.indexOf(a as (typeof WEEK_DAYS)[number]) - WEEK_DAYS.indexOf(b as (typeof WEEK_DAYS)[number]),
      ),
      opens: stored.openingHours.opens,
      closes: stored.openingHours.closes,
      label: openingHoursLabel(stored.openingHours),
    },
    social,
    rating: stored.rating ? { ...stored.rating, best: 5, worst: 1 } : null,
    googleReviewUrl: stored.googleReviewUrl ?? base.googleReviewUrl,
  };
}

/** The settings a first start stores, from the code's defaults with the BUSINESS_* / NOTIFY_EMAIL values. */
export function seedSettings(business: Business, notifyEmail: string | undefined): BusinessSettings {
  const url = (name: string) => business.social.find((s) => s.name === name)?.url ?? "";
  return {
    name: business.name,
    phone: business.phone,
    email: business.email,
    address: [business.address.street, business.address.locality].filter(Boolean).join("\n"),
    eircode: business.address.postalCode,
    area: business.area,
    openingHours: {
      days: [...business.openingHours.days],
      opens: business.openingHours.opens,
      closes: business.openingHours.closes,
    },
    social: { facebook: url("Facebook"), instagram: url("Instagram"), linkedin: url("LinkedIn") },
    vatNumber: business.vatNumber,
    notifyEmails: [notifyEmail ?? business.email],
    rating: business.rating
      ? { value: business.rating.value, count: business.rating.count, source: business.rating.source }
      : null,
  };
}
