// The form fields draw everything from Conform's metadata and the schema
// (ids, aria-*, errors, constraints), the hidden redirect input is written
// once, and every keyset page reads one cursor format that refuses a forged
// cursor without reaching the database with it.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { CheckboxField, CodeField, Field, SelectField, TextareaField } from "~/components/forms";
import { RedirectInput } from "~/components/redirect-input";
import { seed } from "~/flows/seed.server";
import { createPost, getFeedPage } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { contactSchema, formConstraint, loginSchema, registerSchema, verifyCodeSchema } from "~/schemas/index.server";
import { cursorParts, decodeKeysetCursor, encodeCursor, encodeKeysetCursor } from "~/services/cursor.server";
import { getDb, schema } from "~/services/db.server";
import { parseWithSchema, type FormConstraint } from "~/utils/form";
import { eq } from "drizzle-orm";

/** One control's attributes (names lowercased, as HTML reads them), from its id. */
function attributes(html: string, id: string): Record<string, string> {
  const tag = new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no control #${id} in ${html}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1]!.toLowerCase(), m[2] ?? ""]));
}

/** A form rendered as the server renders it, after `submitted` was refused (or before any submission). */
function renderForm<S extends z.ZodMiniObject>(
  formSchema: S,
  submitted: Record<string, string> | null,
  body: (fields: ReturnType<typeof useForm<Record<string, unknown>, unknown, string[]>>[1]) => ReactNode,
): string {
  const lastResult: SubmissionResult<string[]> | undefined = submitted ? parseWithSchema(new URLSearchParams(submitted), formSchema).reply() : undefined;
  const constraint: FormConstraint = formConstraint(formSchema);
  function TestForm() {
    const [, fields] = useForm<Record<string, unknown>, unknown, string[]>({ id: "t", lastResult, constraint });
    return createElement("form", null, body(fields));
  }
  return renderToStaticMarkup(createElement(TestForm));
}

describe("Field", () => {
  it("takes its id, name, constraints and hint from the field and the schema", () => {
    const html = renderForm(registerSchema, null, (f) =>
      createElement(Field, { field: f.password!, label: "Password", type: "password", autoComplete: "new-password", hint: "8 to 30 characters." }),
    );
    const input = attributes(html, "t-password");
    expect(input).toMatchObject({ name: "password", type: "password", required: "", minlength: "8", maxlength: "30", autocomplete: "new-password" });
    expect(input["aria-describedby"]).toBe("t-password-description");
    expect(input["aria-invalid"]).toBeUndefined();
    expect(html).toContain('<label for="t-password">Password</label>');
    expect(html).toContain('<p id="t-password-description" class="field__hint">8 to 30 characters.</p>');
    expect(html).not.toContain("t-password-error");
  });

  it("shows the server's errors, wired by aria-describedby and aria-invalid", () => {
    const html = renderForm(registerSchema, { email: "nope", name: "Ada", password: "short" }, (f) => [
      createElement(Field, { key: "e", field: f.email!, label: "Email", type: "email" }),
      createElement(Field, { key: "n", field: f.name!, label: "Name", hint: "First and last" }),
    ]);
    const email = attributes(html, "t-email");
    expect(email).toMatchObject({ "aria-invalid": "true", "aria-describedby": "t-email-error", maxlength: "254", value: "nope" });
    expect(html).toContain('<ul id="t-email-error" class="field__errors"><li>Invalid email address!</li></ul>');
    // The error first, then the hint.
    expect(attributes(html, "t-name")).toMatchObject({ "aria-describedby": "t-name-error t-name-description", maxlength: "60" });
    expect(html).toContain("<li>Full name is required</li>");
  });

  it("keeps the limits where they were: the login password stops at 30, the code at 6, names at 20", () => {
    expect(formConstraint(loginSchema).password).toEqual({ required: true, maxLength: 30 });
    expect(formConstraint(verifyCodeSchema).code).toEqual({ required: true, maxLength: 6 });
    const html = renderForm(verifyCodeSchema, null, (f) => createElement(CodeField, { field: f.code!, label: "Code" }));
    expect(attributes(html, "t-code")).toMatchObject({ maxlength: "6", inputmode: "numeric", autocomplete: "one-time-code", class: "code-input" });
  });

  it("an input-only limit changes nothing the server accepts or says", () => {
    // A password longer than any we set is still just a wrong password (the action says so after the check).
    expect(parseWithSchema(new URLSearchParams({ email: "a@b.co", password: "x".repeat(31) }), loginSchema).status).toBe("success");
    expect(parseWithSchema(new URLSearchParams({ email: "a@b.co", password: "x".repeat(201) }), loginSchema).reply().error).toEqual({ password: ["Wrong password!"] });
    expect(parseWithSchema(new URLSearchParams({ code: " 123456 " }), verifyCodeSchema).status).toBe("success");
  });
});

describe("TextareaField, SelectField and CheckboxField", () => {
  const choices = z.object({ size: z.enum(["s", "m"], { error: "Pick a size." }), agree: z.literal("on", { error: "Tick the box." }) });

  it("a textarea takes the schema's limits and its errors", () => {
    const html = renderForm(contactSchema, { email: "a@b.co", message: "   " }, (f) => createElement(TextareaField, { field: f.message!, label: "Message", rows: 6 }));
    expect(attributes(html, "t-message")).toMatchObject({ name: "message", required: "", maxlength: "2000", rows: "6", "aria-invalid": "true", "aria-describedby": "t-message-error" });
    expect(html).toContain("<li>Please write a message.</li>");
  });

  it("a select and a checkbox are wired the same way", () => {
    const html = renderForm(choices, { size: "xl" }, (f) => [
      createElement(SelectField, { key: "s", field: f.size!, label: "Size", children: createElement("option", { value: "s" }, "Small") }),
      createElement(CheckboxField, { key: "c", field: f.agree!, label: "I agree" }),
    ]);
    expect(attributes(html, "t-size")).toMatchObject({ name: "size", required: "", "aria-invalid": "true", "aria-describedby": "t-size-error" });
    expect(html).toContain("<li>Pick a size.</li>");
    expect(attributes(html, "t-agree")).toMatchObject({ type: "checkbox", name: "agree", value: "on", "aria-invalid": "true", "aria-describedby": "t-agree-error" });
    expect(html).toContain('<label for="t-agree">I agree</label>');
    expect(html).toContain("<li>Tick the box.</li>");
  });
});

describe("RedirectInput", () => {
  it("is a hidden redirect input, or nothing", () => {
    expect(renderToStaticMarkup(createElement(RedirectInput, { to: "/post/1" }))).toBe('<input type="hidden" name="redirect" value="/post/1"/>');
    expect(renderToStaticMarkup(createElement(RedirectInput, { to: "" }))).toBe("");
  });

  it("is the only place that writes the redirect input, and no caller passes errorId", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const offenders = files("app").flatMap((path) => {
      const text = readFileSync(path, "utf8");
      const found: string[] = [];
      if (!path.endsWith("redirect-input.tsx") && /name(?:=\{?|:\s*)["'`]redirect["'`]/.test(text)) found.push(`${path}: name="redirect" (use RedirectInput)`);
      if (/\berrorId=\{/.test(text)) found.push(`${path}: errorId= (Field derives it)`);
      return found;
    });
    expect(offenders).toEqual([]);
  });
});

describe("keyset cursors", () => {
  beforeAll(() => seed({ demo: false }));

  it("one format: base64url of the key's parts, every part checked", () => {
    expect(decodeKeysetCursor(encodeKeysetCursor({ at: 1_700_000_000_000, id: "abc_DEF-1" }))).toEqual({ at: 1_700_000_000_000, id: "abc_DEF-1" });
    expect(cursorParts(encodeCursor(["p", 12, "x"]), 3)).toEqual(["p", "12", "x"]);
    const forged = (raw: string) => Buffer.from(raw).toString("base64url");
    for (const bad of [forged("1.a\u0000b"), forged("-1.abc"), forged("1e3.abc"), forged("1.a.b"), forged("99999999999999999.abc"), forged(`1.${"a".repeat(65)}`), "not base64!", "x".repeat(201), ""]) {
      expect(decodeKeysetCursor(bad)).toBeNull();
    }
  });

  it("pages the feed to its end and reads a malformed cursor as the first page, on this database", async () => {
    const author = await insertUser({ campusId: "ou", firstName: "Cursor", lastName: "T.", username: "cursor-t", email: "cursor-t@ou.edu", verified: true, schoolVerified: true });
    const texts = ["one", "two", "three", "four", "five"];
    const base = Date.now() - 60_000;
    for (const [i, text] of texts.entries()) {
      const { id } = await createPost({
        authorId: author.id,
        campusId: "ou",
        blocks: [{ text }],
        media: [],
        origin: "http://localhost:3000",
        listing: { priceCents: (i + 1) * 100, isFree: false, priceTerms: null, condition: null, pickupSpot: null },
      });
      await getDb().update(schema.posts).set({ lastActivityAt: base + i * 1000 }).where(eq(schema.posts.id, id));
    }
    const TZ = "America/Chicago";
    for (const sort of ["newest", "price-asc", "price-desc"] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const page = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: author.id, filters: { sort }, cursor, limit: 2 });
        seen.push(...page.posts.map((p) => p.text[0]!.text));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen, sort).toEqual(sort === "price-asc" ? texts : [...texts].reverse());
    }
    const first = (await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: author.id, limit: 2 })).posts.map((p) => p.id);
    // Forged cursors: a NUL in the id, a price beyond PostgreSQL's integer, garbage.
    for (const [sort, bad] of [
      ["newest", Buffer.from(`${base + 3000}.a\u0000b`).toString("base64url")],
      ["price-asc", encodeCursor(["p", 9_999_999_999, "abc"])],
      ["price-desc", `p${Buffer.from("99999999999.abc").toString("base64url")}`],
      ["newest", "%%%"],
    ] as const) {
      const page = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: author.id, filters: { sort }, cursor: bad, limit: 2 });
      expect(page.posts).toHaveLength(2);
      if (sort === "newest") expect(page.posts.map((p) => p.id)).toEqual(first);
    }
    // A link from before the one format (a "p" before the encoded key) still opens its page.
    const legacy = `p${Buffer.from("200.zzzzzzzzzzzzzzzz").toString("base64url")}`;
    const page = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: author.id, filters: { sort: "price-asc" }, cursor: legacy, limit: 10 });
    expect(page.posts.map((p) => p.text[0]!.text)).toEqual(["three", "four", "five"]);
  });
});
