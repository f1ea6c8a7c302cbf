// Irish Eircodes and VAT numbers as a client's details carry them: checked and written one way.

/** A routing key (A65, D6W…) and a four-character unique identifier, with or without the space. */
const EIRCODE = /^((?:[AC-FHKNPRTV-Y]\d{2}|D6W))([0-9AC-FHKNPRTV-Y]{4})$/;

/** "d18x2c4", " D18 X2C4 " → "D18 X2C4"; null when it is not an Eircode. */
export function normaliseEircode(value: string): string | null {
  const match = EIRCODE.exec(value.replace(/\s+/g, "").toUpperCase());
  return match ? `${match[1]} ${match[2]}` : null;
}

/** An Irish VAT number: IE, seven digits and one or two letters (IE1234567X, IE1234567XX). */
const IRISH_VAT = /^IE\d{7}[A-Z]{1,2}$/;

/**
 * Spaces, dots and dashes go and letters are upper case: "ie 123 4567 wa" → "IE1234567WA". Also how a
 * VAT number is printed wherever people read it (quotes, invoices, statements, the admin): one form,
 * as Revenue and the e-invoice write it, however it was typed.
 */
export const compactVatNumber = (value: string): string => value.replace(/[\s.-]+/g, "").toUpperCase();

export const isIrishVatNumber = (value: string): boolean => IRISH_VAT.test(compactVatNumber(value));
