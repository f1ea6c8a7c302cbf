import type { SpamReason } from "~/db/schema";
import { checkFormToken } from "./form-token.server";

export type SpamVerdict = { spam: false } | { spam: true; reason: SpamReason };

export type SpamSignals = {
  /** The honeypot field people never see; anything in it means a bot. */
  website?: string;
  /** The signed time the form was shown, if the page sent one. */
  formToken?: string;
};

/**
 * Whether a valid submission looks like spam. A flagged one is still stored (in quarantine, for
 * staff to review): a check can be wrong about a person, e.g. browser autofill sends a form in a
 * second. `formToken: "required"` is for the site's own forms, which always carry one; other
 * clients of the JSON API may send none, but a token that is sent must verify.
 */
export function spamVerdict(
  signals: SpamSignals,
  rule: { formToken: "required" | "optional" | "none"; secret: Buffer; minFillMs: number; now?: number },
): SpamVerdict {
  if (signals.website) return { spam: true, reason: "honeypot" };
  if (rule.formToken === "none") return { spam: false };
  if (!signals.formToken) return rule.formToken === "required" ? { spam: true, reason: "bad-token" } : { spam: false };
  const check = checkFormToken(rule.secret, signals.formToken, rule.now ?? Date.now(), rule.minFillMs);
  if (check === "ok") return { spam: false };
  return { spam: true, reason: check === "too-fast" ? "too-fast" : "bad-token" };
}
