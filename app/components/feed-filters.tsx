import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { activeFilterCount, DEFAULT_FILTERS, readFeedView, type FeedFilterForm, type FeedView } from "~/utils/feed-filters";
import { withParams } from "~/utils/url-state";
import { OnDemand } from "./on-demand";

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

/** Grid or List: links to this feed in the other view (from the first page), so the choice is an address too. */
function ViewChoice({ view }: { view: FeedView }) {
  const location = useLocation();
  const views: { value: FeedView; label: string }[] = [
    { value: "grid", label: "Grid" },
    { value: "list", label: "List" },
  ];
  return (
    <p className="view-choice" role="group" aria-label="View">
      {views.map((v) => (
        <Link
          key={v.value}
          to={withParams(location.pathname + location.search, { view: v.value, cursor: null })}
          className="view-choice__link"
          aria-current={v.value === view ? "true" : undefined}
          preventScrollReset
        >
          {v.label}
        </Link>
      ))}
    </p>
  );
}

/**
 * The feed's filters and sort (/home, /search, a profile's posts): one GET
 * form, so a filtered feed is an address to bookmark or share and works
 * without JS (Filter); with JS a change applies at once. They fold into a
 * Filters disclosure (a plain <details>) that says how many are on, beside
 * the Grid / List choice; a view the address names travels with the form.
 * Each field is one block in the fold: a new filter is one more.
 */
export function FeedFilters({ form, view, hidden = {}, bestMatch = false }: { form: FeedFilterForm; view: FeedView; hidden?: Record<string, string>; bestMatch?: boolean }) {
  const submit = useSubmit();
  const location = useLocation();
  const { filters, values, errors } = form;
  const apply = (form: HTMLFormElement) => submit(cleanQuery(form), { method: "get", preventScrollReset: true });
  const count = activeFilterCount(filters);
  const refused = Boolean(errors.min || errors.max || errors.course);
  // The fields' code loads at the first interaction (at once when a refused value opens the fold).
  const fieldsSlot = useMemo(() => <OnDemand.FeedFilterFields untilInteraction={!refused} form={form} bestMatch={bestMatch} />, [form, bestMatch, refused]);
  // Open while a typed price is refused (its message is inside); with JS it stays as the reader left it across changes.
  const [open, setOpen] = useState(refused);
  const asked = readFeedView(new URLSearchParams(location.search));
  const kept = asked ? { ...hidden, view: asked } : hidden;
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
      {Object.entries(kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="feed-filters__bar">
        <details className="feed-filters__fold" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary className="feed-filters__summary">{count ? `Filters · ${count}` : "Filters"}</summary>
          {/* The same element while the props stay: a re-render (opening the fold) must not reach the boundary still waiting for its code. */}
          {fieldsSlot}
        </details>
        <ViewChoice view={view} />
      </div>
    </Form>
  );
}
