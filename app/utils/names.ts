// Names and usernames (docs/product.md §3): pure functions shared by the schemas and the models.
import { USERNAME_MAX } from "./limits";

export type ParsedName = { firstName: string; middleName: string | null; lastName: string };

/** The words of a full name as typed. */
export function nameWords(fullName: string): string[] {
  return fullName.trim().split(/\s+/).filter(Boolean);
}

/** "john quincy adams" → first "John", middle "quincy", last "Adams" (full, not yet an initial). */
export function parseFullName(fullName: string): ParsedName | null {
  const words = nameWords(fullName);
  if (words.length < 2) return null;
  return {
    firstName: capitalise(words[0]!),
    middleName: words.length > 2 ? words.slice(1, -1).join(" ") : null,
    lastName: capitalise(words[words.length - 1]!),
  };
}

/** Google's display name (docs/product.md §3): split on space, period, comma, hyphen; words with digits dropped. */
export function parseGoogleName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  const words = (displayName ?? "").split(/[\s.,-]+/).filter((w) => w && !/\d/.test(w));
  return {
    firstName: capitalise(words[0] ?? "anonymous"),
    lastName: capitalise(words.length > 1 ? words[words.length - 1]! : "user"),
  };
}

/** First letter upper case, the rest as typed ("mcKay" → "McKay"). */
export function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase("en-US") + word.slice(1);
}

/** How a last name is stored and shown (docs/product.md §3): its initial plus a period. */
export function lastInitial(lastName: string): string {
  const first = [...lastName.trim()][0];
  return first ? `${first.toLocaleUpperCase("en-US")}.` : "";
}

/**
 * The username a name starts from (docs/product.md §3): first + last joined, lower case, letters
 * and digits only (accents dropped), "user" when nothing is left.
 */
export function usernameBase(firstName: string, lastName: string): string {
  const base = `${firstName}${lastName}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, USERNAME_MAX - 4); // room for "-999"
  return base || "user";
}

/**
 * The first of base, base-2, base-3, … that is not taken and not reserved.
 * `isTaken` answers for one candidate (a Set's `has`, or a query).
 */
export function firstFreeUsername(base: string, isTaken: (name: string) => boolean, isReserved: (name: string) => boolean): string {
  if (!isTaken(base) && !isReserved(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate) && !isReserved(candidate)) return candidate;
  }
}
