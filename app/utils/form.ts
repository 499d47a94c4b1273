// Conform + Zod, sized for the browser. Form schemas are written with zod/mini
// and checked through their Standard Schema interface with Conform's own
// `parse`: Conform's Zod adapter would bring the whole classic Zod API (about
// 25 KB gzipped) to every page with a form. In the browser the schema module
// itself loads on the first interaction with the form (useValidation), so a
// page with a form costs no validation code until someone starts to fill it in;
// until then the server, which always validates, answers.
//
// On the server every action reads its body through readForm / readUploadForm
// (app/services/form.server.ts): size caps while streaming, then each text
// field cleaned and capped here before any schema or parser sees it.
import { getFormProps, parse, useForm, type Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import type * as z from "zod/mini";

/**
 * The longest any one text field may be before a schema looks at it: far above
 * every form's own limit (500 for a post, 2,000 for a message), so only
 * hostile input meets it, and no parser ever runs on more.
 */
export const FIELD_MAX_CHARACTERS = 10_000;

// Control characters (NUL included) except tab and line breaks. Invalid UTF-8
// never gets this far: decoding turns it into U+FFFD.
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;

/** A submitted text value as it may be stored and shown: without control characters. */
export function cleanFieldText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}

/** Conform's coercion, as much of it as our forms need: empty fields are absent. */
function coerce(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(coerce).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v)]));
  }
  return value;
}

type PathSegment = PropertyKey | { key: PropertyKey };

/** "items[0].name" from ["items", 0, "name"], the way Conform names fields. */
function fieldName(path: readonly PathSegment[] | undefined): string {
  return (path ?? []).reduce<string>((name, segment) => {
    const key = typeof segment === "object" ? segment.key : segment;
    if (typeof key === "number") return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, "");
}

export function parseWithSchema<Schema extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse(formData, {
    resolve(payload) {
      const result = schema["~standard"].validate(coerce(payload));
      if (result instanceof Promise) throw new Error("Form schemas must be synchronous");
      if (!result.issues) return { value: result.value as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.issues) {
        const messages = (error[fieldName(issue.path)] ??= []);
        if (!messages.includes(issue.message)) messages.push(issue.message);
      }
      return { error };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/**
 * Instant validation with a schema that loads on the first focus or touch in
 * the form. Spread `triggers` on the <Form>; pass `onValidate` to useForm.
 *
 *   const validation = useValidation(() => import("~/schemas/auth").then((m) => m.loginSchema));
 */
export function useValidation<Schema extends z.ZodMiniType>(load: () => Promise<Schema>) {
  const [schema, setSchema] = useState<Schema | null>(null);
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(setSchema, () => {
      started.current = false; // offline or a new deploy: try again on the next interaction
    });
  }, [load]);
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>;
  const onValidate = useCallback(
    ({ formData }: { formData: FormData }): Result =>
      schema
        ? parseWithSchema(formData, schema)
        : // Not loaded yet: let the form go; the action checks it with the same schema.
          (parse(formData, { resolve: () => ({ value: {} }) }) as Result),
    [schema],
  );
  return { onValidate, triggers: { onFocus: start, onPointerDown: start } };
}

/** A form's HTML constraints by field name, from its schema (formConstraint, run by the page's loader). */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type FormOptionsOf<Schema extends z.ZodMiniType> = Parameters<
  typeof useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>
>[0];
type UseFormOptions<Schema extends z.ZodMiniType> = Omit<FormOptionsOf<Schema>, "onValidate">;

/**
 * Conform's useForm with the schema loaded by useValidation; re-validates as
 * the user types. Spread `formProps` on the <Form>.
 */
export function useSchemaForm<Schema extends z.ZodMiniType>(load: () => Promise<Schema>, options: UseFormOptions<Schema>) {
  const validation = useValidation(load);
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    shouldRevalidate: "onInput",
    ...options,
    onValidate: validation.onValidate as FormOptionsOf<Schema>["onValidate"],
  });
  // Conform re-renders a form only for the metadata its render read; the
  // fields read theirs in child components (Field…), so subscribe here to
  // every field's errors, or a check in the browser would show nothing.
  void form.allErrors;
  return { form, fields, formProps: { ...getFormProps(form), ...validation.triggers } };
}
