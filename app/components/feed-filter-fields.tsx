// The Filters disclosure's fields (docs/product.md §9): plain server-rendered
// markup with no state of its own, inside a <details> most visits never open.
// FeedFilters shows it through the on-demand registry, so its code loads at the
// page's first interaction; the form around it (a change applied at once, the
// Grid / List choice) is FeedFilters' own, and without JS it is a plain GET form.
import { useEffect, useRef } from "react";
import type { FeedFilterForm } from "~/utils/feed-filters";
import { CATEGORIES } from "~/utils/categories";
import { BEST_MATCH, CONDITIONS, SORTS } from "~/utils/listings";
import { FEED_TYPES } from "~/utils/wanted";
import { ErrorList } from "./field-errors";
import { RememberedBody } from "./post-parts";

type Choice = { value: string; label: string };

/** A list to choose from: its label, its choices (a first empty choice when given), what the address says. */
function SelectFilter({ name, label, choices, value, empty }: { name: string; label: string; choices: readonly Choice[]; value: string; empty?: string }) {
  return (
    <div className="feed-filters__field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value}>
        {empty ? <option value="">{empty}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A typed value and the message that refused it, if any. */
function TextFilter({ name, label, value, error, className = "", ...input }: { name: string; label: string; value: string; error?: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `filter-${name}`;
  return (
    <div className={`feed-filters__field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" defaultValue={value} maxLength={20} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <ErrorList id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** What the field showed when it was drawn: a box's default, a list's default choice (else its first, as a browser shows it). */
function changedSinceDrawn(field: HTMLSelectElement | HTMLInputElement): boolean {
  if (field instanceof HTMLInputElement) return field.checked !== field.defaultChecked;
  const drawn = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
  return field.value !== (drawn?.value ?? "");
}

export function FeedFilterFields({ form, bestMatch }: { form: FeedFilterForm; bestMatch: boolean }) {
  const fields = useRef<HTMLDivElement>(null);
  // A list or box changed while this code was still on its way: React could not
  // hear that change (these fields were not hydrated yet), and an event sent
  // again would not reach it for a box (React hears a box's change by its
  // click). So the form is submitted now, as Filter does, and applies it.
  useEffect(() => {
    const changed = [...(fields.current?.querySelectorAll<HTMLSelectElement | HTMLInputElement>("select, input[type=checkbox]") ?? [])].some(changedSinceDrawn);
    if (changed) fields.current?.closest("form")?.requestSubmit();
  }, []);
  // The fields are the same for every reader of the same filters: the server draws them once for each (RememberedBody).
  return <RememberedBody tag="div" attrs={{ className: "feed-filters__fields", ref: fields }} name="feed-filter-fields" Body={FilterFieldList} props={{ form, bestMatch }} />;
}

function FilterFieldList({ form, bestMatch }: { form: FeedFilterForm; bestMatch: boolean }) {
  const { filters, values, errors } = form;
  return (
    <>
      <SelectFilter name="type" label="Show" choices={FEED_TYPES} value={filters.type ?? ""} />
      <SelectFilter name="category" label="Category" choices={CATEGORIES} value={filters.category} />
      <TextFilter name="min" label="Min price" className="feed-filters__price" value={values.min} error={errors.min} inputMode="decimal" placeholder="$" />
      <TextFilter name="max" label="Max price" className="feed-filters__price" value={values.max} error={errors.max} inputMode="decimal" placeholder="$" />
      <SelectFilter name="condition" label="Condition" choices={CONDITIONS} value={filters.condition ?? ""} empty="Any condition" />
      <TextFilter name="course" label="Course" value={values.course ?? filters.course ?? ""} error={errors.course} placeholder="MATH 2924" autoComplete="off" />
      <SelectFilter name="sort" label="Sort" choices={bestMatch ? [BEST_MATCH, ...SORTS] : SORTS} value={filters.sort} />
      <label className="check">
        <input type="checkbox" name="free" value="on" defaultChecked={filters.freeOnly} /> Free only
      </label>
      {/* Checked by default: unticked, only the hidden "show" is sent. */}
      <input type="hidden" name="sold" value="show" />
      <label className="check">
        <input type="checkbox" name="sold" value="hide" defaultChecked={filters.hideSold} /> Hide sold
      </label>
      <button type="submit" className="button button--small">
        Filter
      </button>
    </>
  );
}
