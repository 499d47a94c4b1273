import { Form, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { CATEGORIES } from "~/utils/categories";
import { DEFAULT_FILTERS, type FeedFilterForm } from "~/utils/feed-filters";
import { BEST_MATCH, CONDITIONS, SORTS } from "~/utils/listings";
import { ErrorList } from "./field-errors";

/** The form's values without the empty ones and the defaults: the shortest address for the same feed. */
function cleanQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  const data = new FormData(form);
  const sold = data.getAll("sold").pop();
  for (const [name, value] of data.entries()) {
    if (typeof value !== "string" || value === "" || name === "sold") continue;
    if (name === "category" && value === DEFAULT_FILTERS.category) continue;
    params.set(name, value);
  }
  if (sold === "show") params.set("sold", "show");
  return params;
}

/**
 * The feed's filters and sort (/home, /search, a profile's posts): one GET
 * form, so a filtered feed is an address to bookmark or share and works
 * without JS (Filter); with JS a change applies at once.
 */
export function FeedFilters({ form, hidden = {}, bestMatch = false }: { form: FeedFilterForm; hidden?: Record<string, string>; bestMatch?: boolean }) {
  const submit = useSubmit();
  const { filters, values, errors } = form;
  const apply = (form: HTMLFormElement) => submit(cleanQuery(form), { method: "get", preventScrollReset: true });
  const sorts = bestMatch ? [BEST_MATCH, ...SORTS] : SORTS;
  // Keyed by the filters: a new address resets the inputs to what it says.
  return (
    <Form
      method="get"
      className="feed-filters"
      aria-label="Filter and sort"
      key={JSON.stringify({ filters, values })}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
      onChange={(e) => {
        // Lists and boxes apply at once; a typed price with Enter or Filter.
        if ((e.target as unknown as HTMLInputElement).type !== "text") apply(e.currentTarget);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="feed-filters__field">
        <label htmlFor="filter-category">Category</label>
        <select id="filter-category" name="category" defaultValue={filters.category}>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="feed-filters__field feed-filters__price">
        <label htmlFor="filter-min">Min price</label>
        <input id="filter-min" name="min" type="text" inputMode="decimal" defaultValue={values.min} maxLength={20} placeholder="$" aria-invalid={errors.min ? true : undefined} aria-describedby={errors.min ? "filter-min-error" : undefined} />
        <ErrorList id="filter-min-error" errors={errors.min ? [errors.min] : undefined} />
      </div>
      <div className="feed-filters__field feed-filters__price">
        <label htmlFor="filter-max">Max price</label>
        <input id="filter-max" name="max" type="text" inputMode="decimal" defaultValue={values.max} maxLength={20} placeholder="$" aria-invalid={errors.max ? true : undefined} aria-describedby={errors.max ? "filter-max-error" : undefined} />
        <ErrorList id="filter-max-error" errors={errors.max ? [errors.max] : undefined} />
      </div>
      <div className="feed-filters__field">
        <label htmlFor="filter-condition">Condition</label>
        <select id="filter-condition" name="condition" defaultValue={filters.condition ?? ""}>
          <option value="">Any condition</option>
          {CONDITIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="feed-filters__field">
        <label htmlFor="filter-sort">Sort</label>
        <select id="filter-sort" name="sort" defaultValue={filters.sort}>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
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
    </Form>
  );
}
