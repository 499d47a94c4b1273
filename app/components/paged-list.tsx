import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

/** One page of a list and the opaque cursor of the next (null at the end). */
export type ListPage<T> = { items: T[]; nextCursor: string | null };

const THRESHOLD_PX = 251; // scroll threshold (docs/product.md §6)
const THROTTLE_MS = 1000; // at most one load a second (docs/product.md §6)

function withCursor(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set("cursor", cursor);
  return `?${params.toString()}`;
}

/**
 * A list with paging (the feed, search results, notifications). Without JS,
 * "Load more" is a link to the next page (a cursor in the URL); with JS the
 * next pages are appended in place as the reader nears the bottom (docs/product.md §6
 * infinite scroll), fetched from the same route's loader, which must return
 * the page under `dataKey` in the shape `{ [itemsKey]: T[], nextCursor }`.
 */
export function PagedList<T extends { id: string }>({
  items: firstItems,
  nextCursor,
  dataKey,
  itemsKey,
  emptyText,
  children,
}: {
  items: T[];
  nextCursor: string | null;
  /** Where the loader's data holds the page, e.g. "feed". */
  dataKey: string;
  /** Where the page holds its items, e.g. "posts". */
  itemsKey: string;
  emptyText: ReactNode;
  /** Renders the items loaded so far. */
  children: (items: T[]) => ReactNode;
}) {
  const location = useLocation();
  const fetcher = useFetcher<Record<string, Record<string, unknown> | undefined>>();
  const [items, setItems] = useState(firstItems);
  const [cursor, setCursor] = useState(nextCursor);
  const appended = useRef<unknown>(undefined);
  const lastLoad = useRef(0);

  useEffect(() => {
    setItems(firstItems);
    setCursor(nextCursor);
  }, [firstItems, nextCursor]);

  useEffect(() => {
    const next = fetcher.data?.[dataKey];
    if (!next || appended.current === next) return;
    appended.current = next;
    const more = (next[itemsKey] ?? []) as T[];
    setItems((current) => {
      const seen = new Set(current.map((item) => item.id));
      return [...current, ...more.filter((item) => !seen.has(item.id))];
    });
    setCursor((next.nextCursor as string | null | undefined) ?? null);
  }, [fetcher.data, dataKey, itemsKey]);

  const loading = fetcher.state !== "idle";
  const loadMore = useCallback(() => {
    if (!cursor || loading) return;
    lastLoad.current = Date.now();
    fetcher.load(location.pathname + withCursor(location.search, cursor));
  }, [cursor, loading, fetcher, location.pathname, location.search]);

  useEffect(() => {
    if (!cursor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      const remaining = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (remaining <= THRESHOLD_PX) loadMore();
    };
    const onScroll = () => {
      if (timer) return;
      const wait = Math.max(0, THROTTLE_MS - (Date.now() - lastLoad.current));
      timer = setTimeout(check, wait);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    onScroll(); // a short first page may already be within the threshold
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [cursor, loadMore]);

  if (items.length === 0) {
    return <p className="empty-state panel">{emptyText}</p>;
  }
  return (
    <div className="feed" aria-busy={loading}>
      {children(items)}
      <div className="feed__footer">
        {cursor ? (
          <Link
            to={withCursor(location.search, cursor)}
            className="button"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              loadMore();
            }}
          >
            {loading ? "Loading…" : "Load more"}
          </Link>
        ) : (
          <p className="muted">You&apos;ve reached the end.</p>
        )}
      </div>
    </div>
  );
}
