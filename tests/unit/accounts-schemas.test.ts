// Every message of the account forms (docs/product.md §3), as Conform reports them to the user.
import { describe, expect, it } from "vitest";
import { changeEmailSchema, usernameSchema } from "~/schemas/account";
import { changePasswordSchema, loginSchema, magicLinkSchema, registerSchema, resetPasswordSchema } from "~/schemas/auth";
import { parseWithSchema } from "~/utils/form";
import type * as z from "zod/mini";

function errorsOf(schema: z.ZodMiniType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithSchema(form, schema);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const goodRegister = { email: "jane@ou.edu", name: "Jane Doe", password: "password1", terms: "on" };

describe("register form (item 2)", () => {
  it("accepts a complete form", () => {
    expect(errorsOf(registerSchema, goodRegister)).toEqual({});
  });
  it("Email is required. / Invalid email address!", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, email: "" }).email).toEqual(["Email is required."]);
    expect(errorsOf(registerSchema, { ...goodRegister, email: "jane@" }).email).toEqual(["Invalid email address!"]);
  });
  it("Name is required. / Full name is required", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, name: "" }).name).toEqual(["Name is required."]);
    expect(errorsOf(registerSchema, { ...goodRegister, name: "   " }).name).toEqual(["Name is required."]);
    expect(errorsOf(registerSchema, { ...goodRegister, name: "Jane" }).name).toEqual(["Full name is required"]);
  });
  it("Password is required. / Password too short. (under 8) / at most 30", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, password: "" }).password).toEqual(["Password is required."]);
    expect(errorsOf(registerSchema, { ...goodRegister, password: "1234567" }).password).toEqual(["Password too short."]);
    expect(errorsOf(registerSchema, { ...goodRegister, password: "12345678" }).password).toBeUndefined();
    expect(errorsOf(registerSchema, { ...goodRegister, password: "x".repeat(30) }).password).toBeUndefined();
    expect(errorsOf(registerSchema, { ...goodRegister, password: "x".repeat(31) }).password).toEqual(["Password can be at most 30 characters."]);
  });
  it("the terms box must be ticked", () => {
    const { terms: _terms, ...rest } = goodRegister;
    expect(errorsOf(registerSchema, rest).terms).toEqual(["You must agree not to do anything crazy."]);
  });
  it("first and last names are at most 20 characters", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, name: `${"a".repeat(21)} Doe` }).name).toEqual([
      "First and last names can be at most 20 characters.",
    ]);
  });
});

describe("log in form (item 4)", () => {
  it("Email is required. / Invalid email address! / Password is required.", () => {
    expect(errorsOf(loginSchema, { email: "", password: "x" }).email).toEqual(["Email is required."]);
    expect(errorsOf(loginSchema, { email: "nope", password: "x" }).email).toEqual(["Invalid email address!"]);
    expect(errorsOf(loginSchema, { email: "a@b.co" }).password).toEqual(["Password is required."]);
    expect(errorsOf(loginSchema, { email: "a@b.co", password: "whatever" })).toEqual({});
  });
  it("magic link: email, optional names of at most 20", () => {
    expect(errorsOf(magicLinkSchema, { email: "" }).email).toEqual(["Email is required."]);
    expect(errorsOf(magicLinkSchema, { email: "a@b.co" })).toEqual({});
    expect(errorsOf(magicLinkSchema, { email: "a@b.co", first: "x".repeat(21) }).first).toEqual(["First name can be at most 20 characters."]);
  });
});

describe("account settings (item 11)", () => {
  it("change password: one message at a time, in the order of docs/product.md §3", () => {
    const steps: [Record<string, string>, string, string][] = [
      [{}, "currentPassword", "Current password required"],
      [{ currentPassword: "old-password" }, "newPassword", "Please enter a new password"],
      [{ currentPassword: "old-password", newPassword: "short" }, "newPassword", "Password too short."],
      [{ currentPassword: "old-password", newPassword: "new-password" }, "confirmPassword", "Must re-enter new password"],
      [{ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "other-password" }, "confirmPassword", "Passwords do not match"],
    ];
    for (const [fields, field, message] of steps) {
      expect(errorsOf(changePasswordSchema, fields)).toEqual({ [field]: [message] });
    }
    expect(errorsOf(changePasswordSchema, { currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" })).toEqual({});
  });
  it("reset password: the same order without the current password", () => {
    expect(errorsOf(resetPasswordSchema, { token: "t" })).toEqual({ newPassword: ["Please enter a new password"] });
    expect(errorsOf(resetPasswordSchema, { token: "t", newPassword: "new-password" })).toEqual({ confirmPassword: ["Must re-enter new password"] });
  });
  it("username: max 50, allowed characters, reserved names refused", () => {
    expect(errorsOf(usernameSchema, { username: "" }).username).toEqual(["Username is required."]);
    expect(errorsOf(usernameSchema, { username: "x".repeat(51) }).username).toEqual(["Username can be at most 50 characters."]);
    expect(errorsOf(usernameSchema, { username: "x".repeat(50) })).toEqual({});
    expect(errorsOf(usernameSchema, { username: "no spaces" }).username).toEqual(["Use letters, numbers and hyphens only."]);
    expect(errorsOf(usernameSchema, { username: "settings" }).username).toEqual(["That username has been taken."]);
    expect(errorsOf(usernameSchema, { username: "Login" }).username).toEqual(["That username has been taken."]);
  });
  it("email change: the email messages", () => {
    expect(errorsOf(changeEmailSchema, { email: "" }).email).toEqual(["Email is required."]);
    expect(errorsOf(changeEmailSchema, { email: "x@" }).email).toEqual(["Invalid email address!"]);
  });
});
