// Conform + Zod, sized for the browser: form schemas are written with zod/mini
// (a few KB) and parsed with Conform's own `parse`, because Conform's Zod
// adapter imports the whole classic Zod API (about 25 KB gzipped) into every
// page with a form. The same function runs in the browser and in the action.
import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";
import { coerce, errorMap } from "./schema-check";

export function parseWithSchema<Schema extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse(formData, {
    resolve(payload) {
      const result = z.safeParse(schema, coerce(payload));
      if (result.success) return { value: result.data as z.output<Schema> };
      return { error: errorMap(result.error.issues) };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}
