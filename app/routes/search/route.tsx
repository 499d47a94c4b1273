import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PagedList } from "~/components/paged-list";
import { PostFeed } from "~/components/post-feed";
import { FeedFilters } from "~/components/feed-filters";
import { SaveSearchButton } from "~/components/save-search-button";
import { VerifiedBadge } from "~/components/icons";
import { Avatar } from "~/components/post-parts";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import { signUpPromptHref } from "~/utils/url-state";
import { withParams } from "~/utils/url-state";
import type { loader } from "./route.server";
import { MAX_QUERY, TABS, type Tab } from "./tabs";

export const handle: RouteHandle = { title: "Search" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export { loader } from "./route.server";

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
  const { q, tab, campusName, visitor, feed, people, filterForm, view, count } = useLoaderData<typeof loader>();
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
      {q && !visitor && tab === "posts" ? <FeedFilters form={filterForm} view={view} hidden={filterForm.filters.course ? { q, course: filterForm.filters.course } : { q }} bestMatch /> : null}
      {tab === "posts" ? <SaveSearchButton query={q} filters={filterForm.filters} /> : null}
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
        <>
          {count ? <p className="search-count muted" role="status">{count === 1 ? "1 result" : `${count} results`}</p> : null}
          <PostFeed page={feed} dataKey="feed" view={view} emptyText={`No posts match “${q}”.`} />
        </>
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
