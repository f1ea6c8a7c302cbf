// Kept apart from rules.ts so the lead schema and the price answers can read words without
// importing the rules (which import them).

/** Lower-cased whole words of a text: letters and digits, any script; apostrophes inside a word kept. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? []
  );
}
