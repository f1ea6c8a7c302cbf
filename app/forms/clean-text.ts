// Text from a visitor or staff, made safe to store and show: shared by every form's schema.

// C0/C1 control characters are removed. Single-line fields also turn tabs and line breaks into
// spaces (a newline in a name or e-mail could forge mail headers); the message keeps them.
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Trims and strips control characters (NUL included) so nothing unprintable is ever stored. */
export function cleanText(value: string, multiline = false): string {
  const wellFormed = value.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC");
  if (multiline) return wellFormed.replace(CONTROL_CHARS, "").replace(/\r\n?/g, "\n").trim();
  return wellFormed
    .replace(LINE_BREAKS_AND_TABS, " ")
    .replace(CONTROL_CHARS, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
