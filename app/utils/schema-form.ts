// A small form hook for simple forms with flat field names (a comment box, the
// contact form): the shared zod/mini schema checks the form in the browser on
// submit and then as the reader types, and the server's answer (the Conform
// SubmissionResult of parseWithSchema(...).reply() in the action) shows its
// messages and keeps the draft. Nothing here loads Conform in the browser: its
// form runtime is about 16 KB gzipped with zod in one shared chunk, which is
// what pushed pages with a comment box or the contact form over the JS budget.
import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import { schemaErrors } from "./schema-check";

type ErrorMap = Record<string, string[] | null | undefined>;

export type SchemaField = {
  id: string;
  name: string;
  /** Changes when the form should start over (after a successful send), so uncontrolled inputs reset. */
  key: string;
  defaultValue: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  errors: string[] | undefined;
  errorId: string;
};

export function useSchemaForm(
  schema: z.ZodMiniType,
  opts: {
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Record<string, string | undefined>;
    /** While this form is being sent: the last answer's messages are stale. */
    busy?: boolean;
  } = {},
) {
  const id = useId();
  const location = useLocation();
  const { lastResult } = opts;
  const [browserErrors, setBrowserErrors] = useState<ErrorMap | null>(null);
  // A new answer from the server replaces what the browser found.
  useEffect(() => setBrowserErrors(null), [lastResult]);

  const check = (form: HTMLFormElement): ErrorMap => schemaErrors(new FormData(form), schema);
  const errors: ErrorMap = browserErrors ?? (opts.busy ? null : (lastResult?.error as ErrorMap | undefined)) ?? {};
  const initial = (lastResult?.initialValue ?? opts.defaultValue ?? {}) as Record<string, unknown>;
  const formErrorId = `${id}-form-error`;
  const formErrors = errors[""] ?? undefined;

  const props = {
    id,
    noValidate: true,
    "aria-describedby": formErrors?.length ? formErrorId : undefined,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const found = check(event.currentTarget);
      if (Object.keys(found).length) event.preventDefault();
      setBrowserErrors(found);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      if (browserErrors && Object.keys(browserErrors).length) setBrowserErrors(check(event.currentTarget));
    },
  };

  function field(name: string): SchemaField {
    const fieldErrors = errors[name] ?? undefined;
    const value = initial[name];
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      name,
      key: lastResult ? "draft" : location.key,
      defaultValue: typeof value === "string" ? value : undefined,
      "aria-invalid": fieldErrors?.length ? true : undefined,
      "aria-describedby": fieldErrors?.length ? errorId : undefined,
      errors: fieldErrors,
      errorId,
    };
  }

  return { props, formErrors, formErrorId, field };
}

/** The attributes of a field for an <input> or <textarea> (without its errors). */
export function inputAttributes({ errors: _errors, errorId: _errorId, ...attributes }: SchemaField) {
  return attributes;
}
