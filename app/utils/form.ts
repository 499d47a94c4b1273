// Conform + Zod, sized for the browser: form schemas are written with zod/mini
// (a few KB) and parsed with Conform's own `parse`, because Conform's Zod
// adapter imports the whole classic Zod API (about 25 KB gzipped) into every
// page with a form. The same function runs in the browser and in the action.
import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";

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

/** "items[0].name" from ["items", 0, "name"], the way Conform names fields. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
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
      const result = z.safeParse(schema, coerce(payload));
      if (result.success) return { value: result.data as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        const messages = (error[name] ??= []);
        if (!messages.includes(issue.message)) messages.push(issue.message);
      }
      return { error };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}
