// No regular expression or parser runs long on hostile text (issue: one comment
// of "a" + 100,000 spaces + "b" froze the server for 12 s).
import { beforeAll, describe, expect, it } from "vitest";
import { commentSchema, postSchema, TOO_MANY_CHARACTERS } from "~/schemas/post";
import { cleanFieldText, parseWithSchema } from "~/utils/form";
import { countTextCharacters, textToBlocks } from "~/utils/rich-text";

const HOSTILE = `a${" ".repeat(100_000)}b`;

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("rich text and post parsing on hostile input", () => {
  // Time the work, not the first compilation of the code that does it.
  beforeAll(() => {
    textToBlocks("warm up \n");
    countTextCharacters("warm up");
    parseWithSchema(form({ text: "warm up" }), commentSchema);
    parseWithSchema(form({ text: "warm up" }), postSchema);
  });

  it.each([
    ["a + 100,000 spaces + b", HOSTILE],
    ["100,000 spaces then a letter, on three lines", `${" ".repeat(100_000)}x\n`.repeat(3)],
    ["100,000 tabs then a letter", `${"\t".repeat(100_000)}z`],
  ])("textToBlocks and the count of %s stay linear (well under the seconds a quadratic pass takes)", (_name, input) => {
    const { ms } = timed(() => {
      textToBlocks(input);
      countTextCharacters(input);
    });
    // A few ms on an idle machine; the bound leaves room for a loaded CI box while a
    // quadratic pass (about 12 s for this input) still fails it by far.
    expect(ms).toBeLessThan(1_000);
  });

  it("keeps the meaning: trailing spaces dropped, inner spaces kept, blank lines at the ends gone", () => {
    expect(textToBlocks("\n  \nHello   \r\n  world \t\n\n")).toEqual([{ text: "Hello" }, { text: "  world" }]);
    expect(textToBlocks(HOSTILE)).toEqual([{ text: HOSTILE }]);
  });

  it.each([
    ["comment", commentSchema],
    ["post", postSchema],
  ] as const)("the %s schema refuses the 100,000-space text with the spec's message quickly", (_name, schema) => {
    const { value: submission, ms } = timed(() => parseWithSchema(form({ text: HOSTILE }), schema));
    expect(ms).toBeLessThan(1_000);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ text: [TOO_MANY_CHARACTERS] });
  });

  it("refuses 100,000 line breaks before splitting them into blocks", () => {
    const { value: submission, ms } = timed(() => parseWithSchema(form({ text: "\r\n".repeat(50_000) }), commentSchema));
    expect(ms).toBeLessThan(1_000);
    expect(submission.reply().error).toEqual({ text: [TOO_MANY_CHARACTERS] });
  });

  it("counts an emoji as one character", () => {
    expect(countTextCharacters("😀😀\nab")).toBe(6);
  });

  it("still counts text within the generous cap exactly (500 characters, 2 per extra block)", () => {
    const ok = parseWithSchema(form({ text: `${"x".repeat(498)}\ny` }), commentSchema);
    expect(ok.status).toBe("error"); // 498 + 2 + 1 = 501
    expect(parseWithSchema(form({ text: `${"x".repeat(497)}\ny` }), commentSchema).status).toBe("success");
    // Trailing spaces do not count, even many of them.
    expect(parseWithSchema(form({ text: `hello${" ".repeat(3000)}` }), commentSchema).status).toBe("success");
  });
});

describe("cleanFieldText", () => {
  it("drops NUL and other control characters, keeps tabs, line breaks and every printable character", () => {
    expect(cleanFieldText("a\u0000b\u0007c\u001bd\u007fe\u0085f")).toBe("abcdef");
    expect(cleanFieldText("line\r\nnext\tcol")).toBe("line\r\nnext\tcol");
    expect(cleanFieldText("café 😀 \uFFFD")).toBe("café 😀 \uFFFD");
  });
});
