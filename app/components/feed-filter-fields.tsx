// The Filters disclosure's fields (docs/product.md §9): plain server-rendered
// markup with no state of its own, inside a <details> most visits never open.
// FeedFilters shows it through the on-demand registry, so its code loads at the
// page's first interaction; the form around it (a change applied at once, the
// Grid / List choice) is FeedFilters' own, and without JS it is a plain GET form.
import type { FeedFilterForm } from "~/utils/feed-filters";
import { CATEGORIES } from "~/utils/categories";
import { BEST_MATCH, CONDITIONS, SORTS } from "~/utils/listings";
import { FEED_TYPES } from "~/utils/wanted";
import { ErrorList } from "./field-errors";

export function FeedFilterFields({ form, bestMatch }: { form: FeedFilterForm; bestMatch: boolean }) {
  const { filters, values, errors } = form;
  const sorts = bestMatch ? [BEST_MATCH, ...SORTS] : SORTS;
  return (
    <div className="feed-filters__fields">
      <div className="feed-filters__field">
        <label htmlFor="filter-type">Show</label>
        <select id="filter-type" name="type" defaultValue={filters.type ?? ""}>
          {FEED_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
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
        <label htmlFor="filter-course">Course</label>
        <input id="filter-course" name="course" type="text" defaultValue={values.course ?? filters.course ?? ""} maxLength={20} placeholder="MATH 2924" autoComplete="off" aria-invalid={errors.course ? true : undefined} aria-describedby={errors.course ? "filter-course-error" : undefined} />
        <ErrorList id="filter-course-error" errors={errors.course ? [errors.course] : undefined} />
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
    </div>
  );
}
