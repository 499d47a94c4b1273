import { Form, useLocation } from "@remix-run/react";
import type { FeedFilters } from "~/utils/feed-filters";
import { priceInput } from "~/utils/price";
import { hasCriteria, savedSearchCriteria } from "~/utils/saved-searches";
import { useOptionalUser } from "~/utils/user";

/**
 * "Save this search" beside the feed filters of /home, /search and a profile: a
 * plain POST of the words and filters the page shows, back to this page with
 * "Search saved.". Only for a signed-in reader, and only when there is
 * something to match on (words or a filter).
 */
export function SaveSearchButton({ query, filters }: { query?: string; filters: FeedFilters }) {
  const user = useOptionalUser();
  const location = useLocation();
  const c = savedSearchCriteria(query, filters);
  if (!user || !hasCriteria(c)) return null;
  return (
    <Form method="post" action="/settings/saved-searches" className="save-search" data-testid="save-search">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {c.query ? <input type="hidden" name="q" value={c.query} /> : null}
      {c.category ? <input type="hidden" name="category" value={c.category} /> : null}
      {c.minCents !== null ? <input type="hidden" name="min" value={priceInput(c.minCents)} /> : null}
      {c.maxCents !== null ? <input type="hidden" name="max" value={priceInput(c.maxCents)} /> : null}
      {c.freeOnly ? <input type="hidden" name="free" value="on" /> : null}
      {c.condition ? <input type="hidden" name="condition" value={c.condition} /> : null}
      <button type="submit" className="button button--small">
        Save this search
      </button>
    </Form>
  );
}
