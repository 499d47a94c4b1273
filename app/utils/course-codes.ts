// Course codes of textbooks (docs/product.md §7): 2–5 letters and 3–4 digits
// with an optional letter, typed any way ("math2924", "Math-2924", "MATH 2924")
// and kept upper case with one space ("MATH 2924"). Pure: the composer's schema,
// the feed's course filter and search read codes through here.

export const INVALID_COURSE = "Enter a course like MATH 2924.";
export const MAX_COURSES = 3;

const CODE = /^([a-z]{2,5})[\s\-_.]*(\d{3,4}[a-z]?)$/i;

/** "MATH 2924" for any typed form of one code, or null. */
export function normalizeCourse(input: string | null | undefined): string | null {
  const match = CODE.exec((input ?? "").trim());
  return match ? `${match[1]!.toUpperCase()} ${match[2]!.toUpperCase()}` : null;
}

/**
 * The codes of a Course field: separated by commas, semicolons or slashes
 * (blank parts ignored), each normalised, duplicates dropped. `ok: false` when
 * any part is not a code or there are more than three.
 */
export function parseCourses(input: string | null | undefined): { ok: true; codes: string[] } | { ok: false } {
  const parts = (input ?? "").split(/[,;/]/).map((p) => p.trim()).filter((p) => p !== "");
  const codes: string[] = [];
  for (const part of parts) {
    const code = normalizeCourse(part);
    if (!code) return { ok: false };
    if (!codes.includes(code)) codes.push(code);
  }
  return codes.length > MAX_COURSES ? { ok: false } : { ok: true, codes };
}

/** The stored form of a listing's codes ("MATH 2924,CS 1313"), null for none. */
export function storedCourses(codes: string[]): string | null {
  return codes.length > 0 ? codes.join(",") : null;
}

/** The codes of the stored form. */
export function coursesOf(stored: string | null | undefined): string[] {
  return stored ? stored.split(",").filter((c) => c !== "") : [];
}
