import { describe, expect, it } from "vitest";
import { contactSchema } from "~/schemas/contact";
import { parseWithSchema } from "~/utils/form";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("parseWithSchema", () => {
  it("gives the spec's email messages", () => {
    expect(parseWithSchema(form({ email: "", message: "hi" }), contactSchema).reply().error).toEqual({
      email: ["Email is required."],
    });
    expect(parseWithSchema(form({ email: "nope", message: "hi" }), contactSchema).reply().error).toEqual({
      email: ["Invalid email address!"],
    });
  });

  it("trims, lowercases and returns the value on success", () => {
    const submission = parseWithSchema(form({ email: "Ann@Example.COM", message: "  hello  " }), contactSchema);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ email: "ann@example.com", message: "hello" });
  });

  it("keeps the user's input in the reply", () => {
    const reply = parseWithSchema(form({ email: "x", message: "draft text" }), contactSchema).reply();
    expect(reply.initialValue).toMatchObject({ email: "x", message: "draft text" });
  });

  it("treats whitespace-only as missing", () => {
    expect(parseWithSchema(form({ email: "a@b.co", message: "   " }), contactSchema).reply().error).toEqual({
      message: ["Please write a message."],
    });
  });
});
