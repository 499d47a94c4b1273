// Checking form data against a zod/mini schema without Conform: for the small
// forms that validate in the browser with useSchemaForm (./schema-form.ts).
// parseWithSchema (./form.ts) uses the same coercion and field names, so the
// browser and the server say the same thing.
import * as z from "zod/mini";

/** Conform's coercion, as much of it as our forms need: empty fields are absent. */
export function coerce(value: unknown): unknown {
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

/** "items[0].name" from ["items", 0, "name"], the way Conform names fields. */
export function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, "");
}

/** The issues as Conform's error map: field name → messages ("" for the form). */
export function errorMap(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const error: Record<string, string[]> = {};
  for (const issue of issues) {
    const messages = (error[fieldName(issue.path)] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return error;
}

/**
 * The schema's messages for a form with flat field names (a name sent twice is
 * a list, as Conform reads it); an empty map when the form is fine.
 */
export function schemaErrors(formData: FormData, schema: z.ZodMiniType): Record<string, string[]> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of formData.entries()) {
    const before = payload[name];
    payload[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  const result = z.safeParse(schema, coerce(payload));
  return result.success ? {} : errorMap(result.error.issues);
}
