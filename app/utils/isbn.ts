// ISBNs of textbooks (docs/product.md §7): typed as 10 or 13 digits with any
// hyphens or spaces, checked by their check digit, stored as the 13 digits and
// shown hyphenated. Pure, so the composer's schema runs it in the browser too.

export const INVALID_ISBN = "Enter a valid ISBN (10 or 13 digits).";

/** The characters of an ISBN as typed, without hyphens and spaces (an ISBN-10's check "x" upper case). */
function compact(input: string): string {
  return input.replace(/[\s\-\u2010-\u2015]/g, "").toUpperCase();
}

function isbn10CheckOk(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (10 - i) * (digits[i] === "X" ? 10 : Number(digits[i]));
  return sum % 11 === 0;
}

function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function isbn13CheckOk(digits: string): boolean {
  return /^97[89]\d{10}$/.test(digits) && isbn13CheckDigit(digits) === Number(digits[12]);
}

/** The ISBN-13 of an ISBN-10 (978 in front, a new check digit). `digits` must be a valid ISBN-10. */
function isbn10To13(digits: string): string {
  const first12 = `978${digits.slice(0, 9)}`;
  return `${first12}${isbn13CheckDigit(first12)}`;
}

/** The 13 digits of a valid ISBN-10 or ISBN-13 as typed, or null. */
export function parseIsbn(input: string | null | undefined): string | null {
  const digits = compact(input ?? "");
  if (digits.length === 10) return isbn10CheckOk(digits) ? isbn10To13(digits) : null;
  if (digits.length === 13) return isbn13CheckOk(digits) ? digits : null;
  return null;
}

/**
 * The ISBN-10 of an ISBN-13 that has one (978 prefix), for finding a listing
 * by either form; null for 979 numbers, which have none.
 */
export function isbn13To10(isbn13: string): string | null {
  if (!/^978\d{10}$/.test(isbn13)) return null;
  const nine = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(nine[i]);
  const check = (11 - (sum % 11)) % 11;
  return `${nine}${check === 10 ? "X" : String(check)}`;
}

/**
 * The ISBN-13 hyphenated for reading: "978-0-306-40615-7". Splitting the
 * group and publisher exactly needs the agency's range tables; this uses the
 * common English-language split (prefix, a one-digit group, a three-digit
 * publisher, the title, the check digit), which is what the spec's example
 * shows, and any 13 digits read the same either way.
 */
export function formatIsbn(isbn13: string): string {
  if (!/^\d{13}$/.test(isbn13)) return isbn13;
  return `${isbn13.slice(0, 3)}-${isbn13.slice(3, 4)}-${isbn13.slice(4, 7)}-${isbn13.slice(7, 12)}-${isbn13.slice(12)}`;
}
