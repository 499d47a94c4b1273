import { describe, expect, it } from "vitest";
import { coursesOf, INVALID_COURSE, normalizeCourse, parseCourses, storedCourses } from "~/utils/course-codes";

describe("course codes", () => {
  it.each([
    ["math2924", "MATH 2924"],
    ["Math-2924", "MATH 2924"],
    ["MATH 2924", "MATH 2924"],
    ["  math   2924 ", "MATH 2924"],
    ["cs1313", "CS 1313"],
    ["chem 101", "CHEM 101"],
    ["ENGL 1213h", "ENGL 1213H"],
    ["psych_1113", "PSYCH 1113"],
  ])("%j is %j", (typed, code) => expect(normalizeCourse(typed)).toBe(code));

  it.each(["m 2924", "mathem 2924", "math 29", "math 29245", "2924", "math", "math 2924hh", "ma.th 2924"])("%j is not a course", (typed) =>
    expect(normalizeCourse(typed)).toBeNull(),
  );

  it("reads up to three codes, any separator, without duplicates, and stores them in one column", () => {
    expect(parseCourses("math2924, Math-2924; cs 1313 / phys 2514")).toEqual({ ok: true, codes: ["MATH 2924", "CS 1313", "PHYS 2514"] });
    expect(parseCourses("")).toEqual({ ok: true, codes: [] });
    expect(parseCourses("a1, math2924")).toEqual({ ok: false });
    expect(parseCourses("math1, math2924")).toEqual({ ok: false });
    expect(parseCourses("math 1000, math 2000, math 3000, math 4000")).toEqual({ ok: false });
    expect(storedCourses(["MATH 2924", "CS 1313"])).toBe("MATH 2924,CS 1313");
    expect(coursesOf("MATH 2924,CS 1313")).toEqual(["MATH 2924", "CS 1313"]);
    expect(storedCourses([])).toBeNull();
    expect(INVALID_COURSE).toBe("Enter a course like MATH 2924.");
  });
});
