import { describe, expect, it } from "vitest";
import { formatIsbn, INVALID_ISBN, isbn13To10, parseIsbn } from "~/utils/isbn";

describe("ISBN-10 and ISBN-13: validation and conversion", () => {
  // [typed, the ISBN-13 stored, or null when refused]
  const cases: [string, string | null][] = [
    ["0306406152", "9780306406157"],
    ["0-306-40615-2", "9780306406157"],
    ["0 306 40615 2", "9780306406157"],
    ["9780306406157", "9780306406157"],
    ["978-0-306-40615-7", "9780306406157"],
    ["  978 0 306 40615 7 ", "9780306406157"],
    ["080442957X", "9780804429573"],
    ["080442957x", "9780804429573"],
    ["0-8044-2957-X", "9780804429573"],
    ["9791090636071", "9791090636071"],
    ["0306406153", null], // wrong check digit
    ["9780306406158", null], // wrong check digit
    ["030640615", null], // nine digits
    ["97803064061571", null], // fourteen digits
    ["X306406152", null], // X only as an ISBN-10's check digit
    ["9770306406157", null], // 977 is not an ISBN prefix
    ["978030640615X", null], // no X in an ISBN-13
    ["", null],
    ["abcdefghij", null],
    ["0–306–40615–2", "9780306406157"], // en dashes, as phones type them
  ];
  it.each(cases)("%j → %j", (typed, stored) => {
    expect(parseIsbn(typed)).toBe(stored);
  });

  it("shows an ISBN-13 hyphenated, and gives a 978 number's ISBN-10 back", () => {
    expect(formatIsbn("9780306406157")).toBe("978-0-306-40615-7");
    expect(isbn13To10("9780306406157")).toBe("0306406152");
    expect(isbn13To10("9780804429573")).toBe("080442957X");
    expect(isbn13To10("9791090636071")).toBeNull();
    expect(INVALID_ISBN).toBe("Enter a valid ISBN (10 or 13 digits).");
  });
});
