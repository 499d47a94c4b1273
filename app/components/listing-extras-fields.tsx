// The composer's fields most posts never fill (docs/product.md §7): a
// textbook's, Must go by, and a Wanted post's own. Plain server-rendered markup
// with no state of its own: the composer shows them through the on-demand
// registry, so their code loads when needed and adds nothing to the page's
// first chunks (nor the form library: the light Field below); the post schema
// checks them like the other fields. Without JS (or where CSS has no :has())
// the textbook fields are always in the form, described as for textbooks; with
// :has() they show only while the Category is Textbooks.
import { BUDGET_LABEL } from "~/utils/wanted";

type Errors = Record<string, string[] | undefined>;

function Field({ name, label, prefix, value, errors, hint, ...input }: { name: string; label: string; prefix: string; value: string; errors: Errors; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `${prefix}-${name}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} defaultValue={value} autoComplete="off" aria-invalid={error?.length ? true : undefined} aria-describedby={described || undefined} {...input} />
      {error?.length ? (
        <ul id={`${id}-error`} className="field__errors">
          {error.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A draft value as the input's text ("" when absent). */
function textOf(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

type DraftProps = { prefix: string; values: Record<string, unknown>; errors: Errors };

/** ISBN and Course, the same for a textbook and a Wanted post (the post schema checks both alike). */
function IsbnField({ values, ...props }: DraftProps) {
  return <Field {...props} name="isbn" label="ISBN" value={textOf(values, "isbn")} hint="10 or 13 digits" maxLength={40} />;
}

function CourseField({ values, ...props }: DraftProps) {
  return <Field {...props} name="courses" label="Course" value={textOf(values, "courses")} hint="Up to 3, like MATH 2924, separated by commas" maxLength={100} />;
}

export function ListingExtrasFields({
  prefix,
  values,
  errors,
  moveOut = false,
}: {
  /** Makes the ids unique on the page (the form's id). */
  prefix: string;
  /** The draft sent back, else the post's own values. */
  values: Record<string, unknown>;
  errors: Errors;
  /** The campus's move-out weeks are on: Must go by is offered open. */
  moveOut?: boolean;
}) {
  const text = (name: string) => textOf(values, name);
  const has = (...names: string[]) => names.some((n) => text(n) !== "" || errors[n]?.length);
  const props = { prefix, errors };
  return (
    <>
      <fieldset className="listing-fields listing-extras--textbook">
        <legend>Textbook details (for textbooks)</legend>
        <div className="listing-fields__row">
          <IsbnField {...props} values={values} />
          <CourseField {...props} values={values} />
          <Field {...props} name="edition" label="Edition (optional)" value={text("edition")} maxLength={40} />
        </div>
      </fieldset>
      <details className="listing-fields listing-extras" open={moveOut || has("mustGoBy", "weeklyDrop", "floor")}>
        <summary>{moveOut ? "Must go by (it's move-out week)" : "Must go by (optional)"}</summary>
        <Field {...props} name="mustGoBy" label="Must go by" type="date" value={text("mustGoBy")} hint="Today to 60 days ahead" />
        <label className="check">
          <input type="checkbox" name="weeklyDrop" defaultChecked={text("weeklyDrop") === "on"} aria-describedby={errors.weeklyDrop?.length ? `${prefix}-weeklyDrop-error` : undefined} /> Lower the
          price 10% each week until then
        </label>
        {errors.weeklyDrop?.length ? (
          <ul id={`${prefix}-weeklyDrop-error`} className="field__errors">
            {errors.weeklyDrop.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        <Field {...props} name="floor" label="Lowest price" value={text("floor")} inputMode="decimal" hint="Default: half the starting price" maxLength={20} />
      </details>
    </>
  );
}

/** A Wanted post's fields: Course and ISBN, checked like a textbook's, and the "Up to $" budget; all optional. */
export function WantedFields({ prefix, values, errors }: { prefix: string; values: Record<string, unknown>; errors: Errors }) {
  const props = { prefix, errors };
  return (
    <fieldset className="listing-fields" data-testid="wanted-fields">
      <legend>What you're looking for (optional)</legend>
      <div className="listing-fields__row">
        <CourseField {...props} values={values} />
        <IsbnField {...props} values={values} />
        <Field {...props} name="budget" label={BUDGET_LABEL} value={textOf(values, "budget")} inputMode="decimal" maxLength={20} />
      </div>
    </fieldset>
  );
}
