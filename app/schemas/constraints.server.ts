// A form's HTML constraints (required, minlength, maxlength…) from its schema,
// computed on the server and handed to the page by its loader: Conform's
// useForm({ constraint }) puts them on the inputs, so a limit is written once,
// in the schema, and no Zod code reaches the browser for it.
import { getZodConstraint } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import type { FormConstraint } from "~/utils/form";

type Constraint = FormConstraint[string];

type CheckDef = { check: string; maximum?: unknown; minimum?: unknown };
type Lengths = { minLength?: number; maxLength?: number };

/**
 * The lengths a field's checks declare. getZodConstraint reads them from a
 * bag that the Zod in use no longer fills, so they are read from the checks
 * themselves; `inputMaxLength` (fields.ts) adds an input-only maxlength.
 */
function lengthsOf(schema: z.core.$ZodType): Lengths {
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return lengthsOf((def as z.core.$ZodOptionalDef).innerType);
    case "pipe": {
      const { in: input, out } = def as z.core.$ZodPipeDef;
      return { ...lengthsOf(input), ...(out._zod.def.type === "transform" ? {} : lengthsOf(out)) };
    }
    case "string": {
      const lengths: Lengths = {};
      const declared = z.globalRegistry.get(schema)?.maxLength;
      if (typeof declared === "number") lengths.maxLength = declared;
      for (const check of def.checks ?? []) {
        const c = check._zod.def as CheckDef;
        if (c.check === "max_length" && typeof c.maximum === "number") lengths.maxLength = Math.min(c.maximum, lengths.maxLength ?? Infinity);
        if (c.check === "min_length" && typeof c.minimum === "number") lengths.minLength = Math.max(c.minimum, lengths.minLength ?? 0);
      }
      return lengths;
    }
    default:
      return {};
  }
}

const cache = new WeakMap<object, FormConstraint>();

/** The constraint of each top-level field of an object schema, as plain data for a loader to return. */
export function formConstraint(schema: z.ZodMiniObject): FormConstraint {
  const known = cache.get(schema);
  if (known) return known;
  const base = getZodConstraint(schema);
  const result: Record<string, Constraint> = {};
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    result[name] = { ...base[name], ...lengthsOf(field) };
  }
  cache.set(schema, result);
  return result;
}
