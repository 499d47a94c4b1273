import type { FieldMetadata } from "@conform-to/react";
import { BUDGET_LABEL } from "~/utils/wanted";
import { Field } from "./forms";

type Meta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * A Wanted post's own fields (docs/product.md §7): Course and ISBN, checked
 * like a textbook's, and the "Up to $" budget; all optional. Plain markup:
 * the post schema (wantedSchema) checks them with the rest of the composer.
 */
export function WantedFields({ fields }: { fields: { courses: Meta; isbn: Meta; budget: Meta } }) {
  return (
    <fieldset className="listing-fields" data-testid="wanted-fields">
      <legend>What you're looking for (optional)</legend>
      <div className="listing-fields__row">
        <Field field={fields.courses} label="Course" hint="Up to 3, like MATH 2924, separated by commas" autoComplete="off" />
        <Field field={fields.isbn} label="ISBN" hint="10 or 13 digits" autoComplete="off" />
        <Field field={fields.budget} label={BUDGET_LABEL} inputMode="decimal" autoComplete="off" />
      </div>
    </fieldset>
  );
}
