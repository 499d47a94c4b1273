import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PagedList } from "~/components/paged-list";
import { PostFeed } from "~/components/post-feed";
import { FeedFilters } from "~/components/feed-filters";
import { readFeedFilters } from "~/utils/feed-filters";
import { VerifiedBadge } from "~/components/icons";
import { Avatar } from "~/components/post-parts";
import { campusForRequest } from "~/models/campuses.server";
import { searchPeople, searchPosts } from "~/models/search.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import { signUpPromptHref } from "~/utils/url-state";
import { withParams } from "~/utils/url-state";

export const handle: RouteHandle = { title: "Search" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

const TABS = [
  { id: "posts", label: "Posts" },
  { id: "people", label: "People" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const MAX_QUERY = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const tab: Tab = url.searchParams.get("tab") === "people" ? "people" : "posts";
  const campus = await campusForRequest(request);
  const viewerId = await getUserId(request);
  const filterForm = readFeedFilters(url.searchParams, { bestMatch: true });
  const base = { q, tab, campusName: campus.name, visitor: !viewerId, feed: null, people: null, filterForm };
  // Visitors see the form; searching opens the sign-up prompt (docs/product.md §9) instead of results.
  if (!q || !viewerId) return base;
  const cursor = url.searchParams.get("cursor");
  if (tab === "people") return { ...base, people: await searchPeople({ query: q, campusId: campus.id, cursor }) };
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  return { ...base, feed: await searchPosts({ campusId: campus.id, query: q, timeZone, cursor, viewerId, filters: filterForm.filters }) };
}

function Tabs({ tab }: { tab: Tab }) {
  const location = useLocation();
  return (
    <nav className="tabs" aria-label="Search results">
      {TABS.map((t) => (
        <Link
          key={t.id}
          to={withParams(location.pathname + location.search, { tab: t.id, cursor: null, signup: null })}
          aria-current={t.id === tab ? "page" : undefined}
          preventScrollReset
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export default function Search() {
  const { q, tab, campusName, visitor, feed, people, filterForm } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <Form method="get" role="search" className="search-form" key={q}>
        <label htmlFor="search-q" className="visually-hidden">
          Search posts and people
        </label>
        <input id="search-q" type="search" name="q" defaultValue={q} placeholder={`Search ${campusName} BuySell`} maxLength={MAX_QUERY} />
        {tab === "people" ? <input type="hidden" name="tab" value="people" /> : null}
        {/* A visitor's search opens the sign-up prompt; signing up comes back to this query. */}
        {visitor ? <input type="hidden" name="signup" value="search" /> : null}
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      {q && !visitor ? <Tabs tab={tab} /> : null}
      {q && !visitor && tab === "posts" ? <FeedFilters form={filterForm} hidden={{ q }} bestMatch /> : null}
      {q && visitor ? (
        <p className="empty-state panel">
          <Link to={signUpPromptHref(location.pathname + location.search, "search")} preventScrollReset>
            Sign up or log in
          </Link>{" "}
          to see what matches “{q}”.
        </p>
      ) : !q ? (
        <p className="empty-state panel">Search for listings, posts and people on {campusName}.</p>
      ) : feed ? (
        <PostFeed page={feed} dataKey="feed" emptyText={`No posts match “${q}”.`} />
      ) : people ? (
        <PagedList items={people.people} nextCursor={people.nextCursor} dataKey="people" itemsKey="people" emptyText={`No people match “${q}”.`}>
          {(items) => (
            <ul className="people-list" aria-label="People">
              {items.map((p) => (
                <li key={p.id} className="card person" data-testid="person">
                  <Avatar author={p} size={48} />
                  <span className="person__main">
                    <span>
                      <Link to={`/${p.username}`} className="person__name">
                        {p.displayName}
                      </Link>
                      {p.verified ? <VerifiedBadge /> : null}
                    </span>
                    <span className="muted">@{p.username}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      ) : null}
    </>
  );
}
