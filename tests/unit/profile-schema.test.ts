import { describe, expect, it } from "vitest";
import { bioSchema, nameSchema, PROFILE_MESSAGES } from "~/schemas/profile";
import { parseWithSchema } from "~/utils/form";
import { isProfilePhotoName } from "~/utils/media-rules";

/** The field errors of a refused submission. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "error" ? submission.error : undefined;
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("nameSchema (docs/product.md §5: first and last name, max 20 each)", () => {
  it("accepts 20 characters and trims", () => {
    const result = parseWithSchema(form({ firstName: `  ${"a".repeat(20)} `, lastName: "b".repeat(20) }), nameSchema);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ firstName: "a".repeat(20), lastName: "b".repeat(20) });
  });

  it("refuses 21 characters with its message", () => {
    const result = parseWithSchema(form({ firstName: "a".repeat(21), lastName: "b".repeat(21) }), nameSchema);
    expect(result.status).toBe("error");
    expect(errorsOf(result)).toEqual({ firstName: [PROFILE_MESSAGES.firstNameTooLong], lastName: [PROFILE_MESSAGES.lastNameTooLong] });
    expect(PROFILE_MESSAGES.firstNameTooLong).toBe("First name can be at most 20 characters.");
    expect(PROFILE_MESSAGES.lastNameTooLong).toBe("Last name can be at most 20 characters.");
  });

  it("needs both names, and blank is missing", () => {
    const result = parseWithSchema(form({ firstName: "   " }), nameSchema);
    expect(errorsOf(result)).toEqual({ firstName: ["First name is required."], lastName: ["Last name is required."] });
  });
});

describe("bioSchema (docs/product.md §5: max 160)", () => {
  it("accepts 160 characters and an empty bio", () => {
    const ok = parseWithSchema(form({ bio: "x".repeat(160) }), bioSchema);
    expect(ok.status === "success" && ok.value.bio).toBe("x".repeat(160));
    const empty = parseWithSchema(form({ bio: "" }), bioSchema);
    expect(empty.status === "success" && empty.value.bio).toBe("");
  });

  it("refuses 161 characters with its message", () => {
    const result = parseWithSchema(form({ bio: "x".repeat(161) }), bioSchema);
    expect(result.status).toBe("error");
    expect(errorsOf(result)).toEqual({ bio: ["Bio can be at most 160 characters."] });
  });

  it("counts a line break once (browsers send CRLF) and ignores surrounding space", () => {
    const bio = `${"a".repeat(79)}\r\n${"b".repeat(80)}`; // 160 as typed
    const result = parseWithSchema(form({ bio: `  ${bio}\n` }), bioSchema);
    expect(result.status === "success" && result.value.bio).toBe(bio.replace("\r\n", "\n"));
  });
});

describe("profile photo names (docs/product.md §5: jpeg, jpg, png, gif only)", () => {
  it("allows the four extensions in any case", () => {
    for (const name of ["a.jpeg", "a.jpg", "a.PNG", "b.Gif"]) expect(isProfilePhotoName(name)).toBe(true);
  });
  it("refuses others, and names without an extension", () => {
    for (const name of ["a.webp", "a.mp4", "a.heic", "notes.txt", "png", "a.png.exe"]) expect(isProfilePhotoName(name)).toBe(false);
  });
});
