import * as z from "zod/mini";
import { cleanText } from "~/forms/clean-text";
import { UTM_KEYS } from "./attribution";

const shortText = (limit: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((v: string) => cleanText(v).slice(0, limit)),
      ),
    ),
    undefined,
  );

/**
 * What the page adds to a submission: the spam traps and attribution. None of it is ever a reason
 * to refuse a person's enquiry, so anything malformed is simply dropped.
 */
export const LeadMetaSchema = z.object({
  /** Honeypot: a field people never see. Anything in it means a bot. */
  website: z.catch(z.optional(z.string()), "bot"),
  /** Signed time the form was shown (minimum fill time). */
  formToken: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  landingPage: shortText(500),
  referrer: shortText(500),
  utm: z.catch(
    z.optional(
      z.pipe(
        z.record(z.string(), z.unknown()),
        z.transform((raw: Record<string, unknown>) => {
          const out: Record<string, string> = {};
          for (const key of UTM_KEYS) {
            const value = raw[key];
            if (typeof value === "string" && cleanText(value)) out[key] = cleanText(value).slice(0, 200);
          }
          return Object.keys(out).length ? out : undefined;
        }),
      ),
    ),
    undefined,
  ),
});

export type LeadMeta = z.infer<typeof LeadMetaSchema>;
