// The browser-side check of useSchemaForm says exactly what the server's
// parseWithSchema says, without loading Conform.
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/schemas/contact";
import { commentSchema, EMPTY_POST, TOO_MANY_CHARACTERS } from "~/schemas/post";
import { parseWithSchema } from "~/utils/form";
import { schemaErrors } from "~/utils/schema-check";

function form(entries: [string, string | File][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const serverErrors = (fd: FormData, schema: Parameters<typeof schemaErrors>[1]) => parseWithSchema(fd, schema).reply().error ?? {};

describe("schemaErrors", () => {
  const cases: [string, FormData, Parameters<typeof schemaErrors>[1]][] = [
    ["empty comment", form([["text", "  "]]), commentSchema],
    ["long comment", form([["text", "x".repeat(501)]]), commentSchema],
    ["good comment", form([["text", "Still available?"]]), commentSchema],
    ["missing email", form([["email", ""], ["message", "hi"]]), contactSchema],
    ["bad email, no message", form([["email", "nope"]]), contactSchema],
    ["good contact", form([["email", "a@b.co"], ["message", "hi"]]), contactSchema],
    ["too many files", form(Array.from({ length: 11 }, (_, i) => ["files", new File(["x"], `p${i}.png`)] as [string, File])), commentSchema],
  ];
  for (const [name, fd, schema] of cases) {
    it(`matches the server for: ${name}`, () => {
      expect(schemaErrors(fd, schema)).toEqual(serverErrors(fd, schema));
    });
  }

  it("uses the spec's messages", () => {
    expect(schemaErrors(form([["text", ""]]), commentSchema)).toEqual({ text: [EMPTY_POST] });
    expect(schemaErrors(form([["text", "x".repeat(501)]]), commentSchema)).toEqual({ text: [TOO_MANY_CHARACTERS] });
    expect(schemaErrors(form([["text", "ok"]]), commentSchema)).toEqual({});
  });
});
