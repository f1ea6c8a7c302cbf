// The sample business facts a fresh install starts with (app/config.ts: a made-up phone number,
// VAT number and Ballymount address, and the spec's 4.9 from 47 reviews) and the checks that say
// which are still in use: the dashboard's demo notice lists them, and nothing that states the VAT
// number to a client (a quote, later an invoice) goes out while it is the sample. Never imports
// server code.
import { defaultBusiness, type Business } from "~/config";
import { compactVatNumber } from "~/features/clients/irish-codes";

/** The review figure a fresh install shows as sample data until the owner enters theirs. */
export const SAMPLE_RATING = { value: 4.9, count: 47, source: "Google reviews" } as const;

export type SampleFact = { field: "phone" | "vatNumber" | "address" | "area" | "rating"; label: string; value: string };

export const isSampleRating = (rating: { value: number; count: number } | null | undefined): boolean =>
  rating?.value === SAMPLE_RATING.value && rating.count === SAMPLE_RATING.count;

const isSampleVatNumber = (vatNumber: string) =>
  vatNumber !== "" && compactVatNumber(vatNumber) === compactVatNumber(defaultBusiness.vatNumber);

/** The sample values the site still shows, in the order Settings > Business lists them. */
export function sampleFactsInUse(business: Business): SampleFact[] {
  const d = defaultBusiness;
  const facts: SampleFact[] = [];
  if (business.phone.replace(/\D/g, "") === d.phone.replace(/\D/g, ""))
    facts.push({ field: "phone", label: "Phone", value: business.phone });
  if (isSampleVatNumber(business.vatNumber))
    facts.push({ field: "vatNumber", label: "VAT number", value: compactVatNumber(business.vatNumber) });
  if (business.address.street === d.address.street)
    facts.push({
      field: "address",
      label: "Street address",
      value: [business.address.street, business.address.locality].filter(Boolean).join(", "),
    });
  if (business.area === d.area) facts.push({ field: "area", label: "Area", value: business.area });
  if (isSampleRating(business.rating))
    facts.push({
      field: "rating",
      label: "Review rating",
      value: `${business.rating!.value} from ${business.rating!.count} reviews`,
    });
  return facts;
}

/**
 * Why a document that prints the VAT number (a quote; an invoice) may not go to a client yet: the
 * VAT number is still the sample. Null when it may (the owner's own number, or none).
 */
export function sampleVatNumberProblem(business: Pick<Business, "vatNumber">, document: string): string | null {
  if (!isSampleVatNumber(business.vatNumber)) return null;
  return `The VAT number in Settings → Business is still the sample ${compactVatNumber(business.vatNumber)}. Enter your own VAT number there (or clear it if you are not VAT registered) before sending ${document}.`;
}
