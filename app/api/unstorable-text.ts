// PostgreSQL cannot store a NUL character in text, and refuses a lone UTF-16 surrogate in JSON
// (jsonb): either one sent by a client used to end in a database error (500). The server refuses
// them where requests come in (server/clean-input.server.ts) with these words.

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a NUL character or a lone surrogate (half of a UTF-16 pair). */
export const isUnstorable = (text: string): boolean => UNSTORABLE.test(text);

/** Whether any string in a parsed JSON value (object keys included) is unstorable. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isUnstorable(value);
  // Deeper than any payload the API takes; body-parser's size limits bound the rest.
  if (value === null || typeof value !== "object" || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => isUnstorable(key) || hasUnstorableText(item, depth + 1));
}

/**
 * Decodes one part of a URL (a path segment, a query name or value: `+` is a space there) as
 * UTF-8. Null when it cannot be read: a broken %-escape, bytes that are not UTF-8 (an encoded
 * lone surrogate included), or a NUL.
 */
export function decodeUrlPart(part: string, plusIsSpace = false): string | null {
  try {
    const text = decodeURIComponent(plusIsSpace ? part.replace(/\+/g, " ") : part);
    return isUnstorable(text) ? null : text;
  } catch {
    return null;
  }
}

/** A UTF-16 surrogate written as UTF-8 bytes (%ED%A0%80…%ED%BF%BF): how a URL spells a lone one. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/**
 * Whether a query string holds a NUL or a lone surrogate. Read as every decoder here reads it
 * (Express's req.query, URLSearchParams): bytes that are not UTF-8 become U+FFFD, so a link with
 * an old Latin-1 escape (?utm_term=caf%E9) still works; only the surrogates spelled as bytes and
 * the NUL are refused.
 */
export function queryHasUnstorableText(query: string): boolean {
  if (ENCODED_SURROGATE.test(query)) return true;
  for (const [name, value] of new URLSearchParams(query)) if (isUnstorable(name) || isUnstorable(value)) return true;
  return false;
}

const BAD_CHARACTER = "a character that cannot be stored (a NUL byte or a lone Unicode surrogate)";

export const UNSTORABLE_TEXT_MESSAGES = {
  path: `The address contains ${BAD_CHARACTER} or a broken %-escape.`,
  query: `The query string contains ${BAD_CHARACTER}.`,
  body: `The request body contains ${BAD_CHARACTER}. Remove it and send the request again.`,
} as const;

/** The `type` of the error a JSON body with unstorable text is refused with (body-parser's convention). */
export const UNSTORABLE_BODY_ERROR = "entity.text.unstorable";
