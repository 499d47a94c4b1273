import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PostCardView } from "~/models/types";
import { PostCard } from "./post-card";

type Page = { posts: PostCardView[]; nextCursor: string | null };

const THRESHOLD_PX = 251; // §9 scroll threshold
const THROTTLE_MS = 1000; // §9 throttle

function withCursor(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set("cursor", cursor);
  return `?${params.toString()}`;
}

/**
 * A list of posts with paging. Without JS, "Load more" is a link to the next
 * page (a cursor in the URL); with JS the next pages are appended in place as
 * the reader nears the bottom (spec §4 infinite scroll).
 */
export function PostFeed({ page, emptyText = "No Posts" }: { page: Page; emptyText?: string }) {
  const location = useLocation();
  const fetcher = useFetcher<{ feed: Page }>();
  const [posts, setPosts] = useState(page.posts);
  const [cursor, setCursor] = useState(page.nextCursor);
  const appended = useRef<Page | undefined>(undefined);
  const lastLoad = useRef(0);

  useEffect(() => {
    setPosts(page.posts);
    setCursor(page.nextCursor);
  }, [page]);

  useEffect(() => {
    const next = fetcher.data?.feed;
    if (!next || appended.current === next) return;
    appended.current = next;
    setPosts((current) => {
      const seen = new Set(current.map((p) => p.id));
      return [...current, ...next.posts.filter((p) => !seen.has(p.id))];
    });
    setCursor(next.nextCursor);
  }, [fetcher.data]);

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

  if (posts.length === 0) {
    return <p className="empty-state panel">{emptyText}</p>;
  }
  return (
    <div className="feed" aria-busy={loading}>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
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
