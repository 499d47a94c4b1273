import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { DeleteFromUrl } from "~/components/delete-from-url";
import { BlockButton, BlockFromUrl } from "~/components/block-confirm";
import { OnDemand } from "~/components/on-demand";
import { reportHref, reportOpen } from "~/utils/reports";
import { withoutModals } from "~/utils/url-state";
import { Icon, VerifiedBadge } from "~/components/icons";
import { PostFeed } from "~/components/post-feed";
import { FeedFilters } from "~/components/feed-filters";
import { SaveSearchButton } from "~/components/save-search-button";
import { PortfolioPager } from "~/components/profile";
import { Avatar } from "~/components/post-parts";
import profileCss from "~/styles/profile.css";
import type { RouteHandle } from "~/utils/route-handle";
import { PROFILE_TABS } from "~/utils/profile-tabs";
import { ratingSummary } from "~/utils/reviews";
import { useOptionalUser } from "~/utils/user";
import { ReviewsTab } from "./reviews-tab";
import type { loader } from "./route.server";

type HandleData = { profile?: { displayName: string }; createPostHref?: string | null } | undefined;
// Link previews: the tags the loader built for this page (none when it must not be previewed).
export { previewMeta as meta } from "~/utils/preview-meta";
export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const handle: RouteHandle = {
  title: (d) => (d as HandleData)?.profile?.displayName,
  createPost: (d) => (d as HandleData)?.createPostHref ?? null,
};

export { action, loader } from "./route.server";

export default function Profile() {
  const { profile, show, viewer, blocked, feed, portfolio, createPostHref, filterForm, reviews, view } = useLoaderData<typeof loader>();
  const me = useOptionalUser();
  const base = `/${profile.username}`;
  const tab = PROFILE_TABS.find((t) => t.show === show)!;
  const location = useLocation();
  const here = withoutModals(location.pathname + location.search);
  const reportAsked = reportOpen(location.search);
  const reporting = viewer === "member" && reportAsked.kind === "user";
  const reportingReview = !!me && show === "reviews" && reportAsked.kind === "review" && !!reportAsked.target;
  return (
    <div className="profile">
      <section className="panel profile__card" aria-labelledby="profile-name">
        <div className="profile__head">
          <Avatar author={profile} size={96} lazy={false} />
          <div className="profile__names">
            <h2 id="profile-name" className="profile__name">
              {profile.displayName} {profile.verified ? <VerifiedBadge /> : null}
            </h2>
            <p className="muted profile__username">@{profile.username}</p>
          </div>
        </div>
        {profile.bio ? <p className="profile__bio">{profile.bio}</p> : null}
        {profile.links.length ? (
          <ul className="profile__links" aria-label="Elsewhere">
            {profile.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer me">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="muted profile__totals">
          {profile.totals.posts} {profile.totals.posts === 1 ? "Post" : "Posts"}
          {profile.totals.projects ? ` · ${profile.totals.projects} Projects` : ""}
          {profile.totals.games ? ` · ${profile.totals.games} Games` : ""}
        </p>
        <p className="profile__rating">
          <Link to={`${base}?show=reviews`}>{ratingSummary(profile.rating)}</Link>
        </p>
        <div className="button-row">
          {viewer === "self" ? (
            profile.profileSetUp ? (
              <Link to="/profile/edit" className="button">
                Edit Profile
              </Link>
            ) : (
              <Link to="/profile/set-up" className="button button--primary">
                Set up profile
              </Link>
            )
          ) : (
            <>
              <Link to="/more/help" className="button button--primary">
                Send Message
              </Link>
              {/* Report is for signed-in others only: a visitor sees Send Message. */}
              {viewer === "member" ? (
                <>
                  <Link to={reportHref(here, "user")} className="button" preventScrollReset>
                    Report
                  </Link>
                  {blocked ? (
                    <Form method="post" className="inline-form">
                      <button type="submit" name="intent" value="unblock" className="button">
                        Unblock
                      </button>
                    </Form>
                  ) : (
                    <BlockButton />
                  )}
                </>
              ) : null}
              {/* The link goes to the account's own address, shown only masked on /login/sent. */}
              {viewer === "visitor" && !profile.verified ? (
                <Form method="post" className="inline-form">
                  <button type="submit" name="intent" value="claim" className="button">
                    Claim this account
                  </button>
                </Form>
              ) : null}
            </>
          )}
        </div>
      </section>

      <nav className="tabs" aria-label="Profile">
        {PROFILE_TABS.map((t) => (
          <Link key={t.show} to={t.show === "projects" ? base : `${base}?show=${t.show}`} className="tabs__tab" aria-current={t.show === show ? "page" : undefined} preventScrollReset>
            {t.label}
          </Link>
        ))}
        <Link to="/more" className="tabs__tab">
          More
        </Link>
      </nav>

      {portfolio ? (
        <section aria-labelledby="portfolio-title" className="profile__section">
          <h2 id="portfolio-title" className="section-title">
            {tab.label}
          </h2>
          <PortfolioPager page={portfolio} kind={show === "games" ? "game" : "project"} emptyText={tab.empty} />
        </section>
      ) : null}

      {reviews ? <ReviewsTab page={reviews} here={here} canReport={!!me} viewerId={me?.id ?? null} /> : null}

      {show === "reviews" ? null : (
      <section aria-labelledby="posts-title" className="profile__section">
        <h2 id="posts-title" className="section-title">
          {show === "videos" ? "Videos" : "Posts"}
        </h2>
        {show !== "videos" ? <FeedFilters form={filterForm} view={view} hidden={show === "projects" ? {} : { show }} /> : null}
        {show !== "videos" ? <SaveSearchButton filters={filterForm.filters} /> : null}
        <PostFeed page={feed} view={show === "videos" ? "list" : view} emptyText="No Posts" />
      </section>
      )}
      <DeleteFromUrl />
      {viewer === "member" && !blocked ? <BlockFromUrl action={base} name={profile.displayName} /> : null}
      {reportingReview ? <OnDemand.ReportDialog kind="review" action={reportHref(here, "review", reportAsked.target ?? "")} closeHref={here} returnTo={here} /> : null}
      {reporting ? <OnDemand.ReportDialog kind="user" name={profile.displayName} action={reportHref(here, "user")} closeHref={here} returnTo={here} /> : null}

      {createPostHref ? (
        <Link to={createPostHref} className="fab" aria-label="Create Post">
          <Icon name="plus" />
        </Link>
      ) : null}
    </div>
  );
}
