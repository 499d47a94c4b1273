// Profile pieces for the public profile. The forms of the edit and set-up
// screens are in profile-forms.tsx (they bring Conform and Zod along).
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PortfolioList, type PortfolioItem } from "./portfolio-list";

type Page = { items: PortfolioItem[]; nextCursor: string | null };

function withAfter(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set("after", cursor);
  params.delete("cursor");
  return `?${params.toString()}`;
}

/**
 * A user's projects or games, 10 at a time. Without JS "Load more" is a link to
 * the next page; with JS the next page is appended in place.
 */
export function PortfolioPager({ page, kind, emptyText }: { page: Page; kind: "project" | "game"; emptyText: string }) {
  const location = useLocation();
  const fetcher = useFetcher<{ portfolio: Page | null }>();
  const [items, setItems] = useState(page.items);
  const [cursor, setCursor] = useState(page.nextCursor);
  const appended = useRef<Page | undefined>(undefined);

  useEffect(() => {
    setItems(page.items);
    setCursor(page.nextCursor);
  }, [page]);

  useEffect(() => {
    const next = fetcher.data?.portfolio;
    if (!next || appended.current === next) return;
    appended.current = next;
    setItems((current) => {
      const seen = new Set(current.map((i) => i.id));
      return [...current, ...next.items.filter((i) => !seen.has(i.id))];
    });
    setCursor(next.nextCursor);
  }, [fetcher.data]);

  const loading = fetcher.state !== "idle";
  return (
    <div aria-busy={loading}>
      <PortfolioList items={items} kind={kind} emptyText={emptyText} />
      {cursor ? (
        <div className="feed__footer">
          <Link
            to={withAfter(location.search, cursor)}
            className="button"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(location.pathname + withAfter(location.search, cursor));
            }}
          >
            {loading ? "Loading…" : "Load more"}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
