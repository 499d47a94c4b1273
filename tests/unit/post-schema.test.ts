import { describe, expect, it } from "vitest";
import { commentSchema, EMPTY_POST, postSchema, TOO_MANY_CHARACTERS } from "~/schemas/post";
import { CATEGORIES, POST_CATEGORY_VALUES } from "~/utils/categories";
import { parseWithSchema } from "~/utils/form";
import { NOT_MEDIA, TOO_MANY_FILES, looksLikeVideo } from "~/utils/media-rules";
import { countCharacters, countTextCharacters, textToBlocks } from "~/utils/rich-text";

function form(text: string | undefined, files: File[] = [], category?: string) {
  const fd = new FormData();
  if (text !== undefined) fd.append("text", text);
  if (category !== undefined) fd.append("category", category);
  for (const f of files) fd.append("files", f);
  return fd;
}
const photo = (name = "a.jpg") => new File([new Uint8Array([1, 2, 3])], name, { type: "image/jpeg" });
const errors = (fd: FormData) => parseWithSchema(fd, postSchema).reply().error;

describe("character counting (docs/product.md §6)", () => {
  it("counts block text plus 2 per extra block", () => {
    expect(countCharacters([{ text: "abc" }])).toBe(3);
    expect(countCharacters([{ text: "abc" }, { text: "de" }])).toBe(7);
    expect(countCharacters([{ text: "" }, { text: "" }, { text: "x" }])).toBe(5);
    expect(countTextCharacters("hello\nworld")).toBe(12);
    expect(countTextCharacters("emoji 😀")).toBe(7);
  });
  it("makes blocks from lines, dropping blank lines at the ends", () => {
    expect(textToBlocks("\n\n first\r\n\r\nsecond  \n\n")).toEqual([{ text: " first" }, { text: "" }, { text: "second" }]);
    expect(textToBlocks("")).toEqual([]);
  });
});

describe("postSchema", () => {
  it("needs first-block text or a file", () => {
    expect(errors(form("   \n  "))).toEqual({ text: [EMPTY_POST] });
    expect(parseWithSchema(form("", [photo()]), postSchema).status).toBe("success");
    expect(parseWithSchema(form("Selling a bike"), postSchema).status).toBe("success");
  });
  it("refuses more than 500 characters, counting extra blocks", () => {
    expect(parseWithSchema(form("x".repeat(500)), postSchema).status).toBe("success");
    expect(errors(form("x".repeat(501)))).toEqual({ text: [TOO_MANY_CHARACTERS] });
    expect(errors(form(`${"x".repeat(249)}\n${"y".repeat(250)}`))).toEqual({ text: [TOO_MANY_CHARACTERS] });
  });
  it("allows up to 10 photos or videos with the allowed extensions", () => {
    const ten = Array.from({ length: 10 }, (_, i) => photo(`p${i}.png`));
    expect(parseWithSchema(form("x", ten), postSchema).status).toBe("success");
    expect(errors(form("x", [...ten, photo()]))).toEqual({ files: [TOO_MANY_FILES] });
    for (const ok of ["a.jpeg", "a.JPG", "a.gif", "a.webp", "a.mp4", "a.mov", "a.avi", "a.quicktime"]) {
      expect(parseWithSchema(form("x", [photo(ok)]), postSchema).status).toBe("success");
    }
    expect(errors(form("x", [photo("notes.txt")]))).toEqual({ files: [NOT_MEDIA] });
    expect(errors(form("x", [photo("image.svg")]))).toEqual({ files: [NOT_MEDIA] });
  });
  it("takes categories from the list of docs/product.md §6; All categories means none", () => {
    const ok = parseWithSchema(form("x", [], "clothing, shoes, & accessories"), postSchema);
    expect(ok.status === "success" && ok.value.category).toBe("clothing, shoes, & accessories");
    const all = parseWithSchema(form("x", [], "all"), postSchema);
    expect(all.status === "success" && all.value.category).toBeUndefined();
    expect(errors(form("x", [], "weapons"))).toHaveProperty("category");
  });
  it("comments follow the same text and file rules", () => {
    expect(parseWithSchema(form(""), commentSchema).reply().error).toEqual({ text: [EMPTY_POST] });
    expect(parseWithSchema(form("x".repeat(501)), commentSchema).reply().error).toEqual({ text: [TOO_MANY_CHARACTERS] });
  });
});

describe("categories (docs/product.md §6)", () => {
  it("values are the lowercase text, with the two exceptions; Textbooks joins the list", () => {
    expect(CATEGORIES).toHaveLength(34);
    expect(CATEGORIES.find((c) => c.label === "Textbooks")?.value).toBe("textbooks");
    expect(CATEGORIES[0]).toEqual({ label: "All categories", value: "all" });
    expect(CATEGORIES.find((c) => c.label === "Clothing & Shoes")?.value).toBe("clothing, shoes, & accessories");
    expect(CATEGORIES.find((c) => c.label === "TVs & Media players")?.value).toBe("tvs & media players");
    expect(CATEGORIES.find((c) => c.label === "3D Printers & Supplies")?.value).toBe("3d printers & supplies");
    expect(POST_CATEGORY_VALUES).not.toContain("all");
  });
  it("a name containing mov or mp4 is a video", () => {
    expect(looksLikeVideo("clip.MP4")).toBe(true);
    expect(looksLikeVideo("movie.avi")).toBe(true);
    expect(looksLikeVideo("photo.png")).toBe(false);
  });
});
