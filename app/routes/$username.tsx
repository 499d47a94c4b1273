import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { DeleteFromUrl } from "~/components/delete-from-url";
import { BlockButton, BlockFromUrl } from "~/components/block-confirm";
import { ReportDialogSlot } from "~/components/on-demand";
import { reportHref, reportOpen } from "~/utils/reports";
import { signUpPromptHref } from "~/utils/url-state";
import { withoutModals } from "~/utils/url-state";
import { BlockError, blockUser, hasBlocked, unblockUser } from "~/models/blocks.server";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";
import { Icon, VerifiedBadge } from "~/components/icons";
import { PostFeed } from "~/components/post-feed";
import { FeedFilters } from "~/components/feed-filters";
import { readFeedFilters } from "~/utils/feed-filters";
import { PortfolioPager } from "~/components/profile";
import { Avatar } from "~/components/post-parts";
import { recordEvent } from "~/models/events.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { campusForRequest } from "~/models/campuses.server";
import { listPortfolioPage } from "~/models/portfolio.server";
import { getFeedPage, getVideoPage } from "~/models/posts.server";
import { reportUser } from "~/models/reports.server";
import { reportAction } from "~/flows/reports.server";
import { avatarUrl, displayName, getProfile, profileLinks } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { claimSentUrl, requestClaimLink } from "~/flows/auth.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import profileCss from "~/styles/profile.css";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { readForm } from "~/services/form.server";

const SHOWS = ["projects", "games", "videos"] as const;
type Show = (typeof SHOWS)[number];
const showOf = (value: string | null): Show => (SHOWS as readonly string[]).includes(value ?? "") ? (value as Show) : "projects";

type HandleData = { profile?: { displayName: string }; createPostHref?: string | null } | undefined;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const handle: RouteHandle = {
  title: (d) => (d as HandleData)?.profile?.displayName,
  createPost: (d) => (d as HandleData)?.createPostHref ?? null,
};

async function findProfile(username: string | undefined) {
  const user = await getProfile(username ?? "");
  // An unknown name is the not-found page (root error boundary), with a 404.
  if (!user) throw new Response("Not Found", { status: 404 });
  return user;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await findProfile(params.username);
  const viewer = await getOptionalUser(request);
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const show = showOf(url.searchParams.get("show"));
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  const feedOpts = { campusId: campus.id, timeZone, authorId: user.id, viewerId: viewer?.id, cursor: url.searchParams.get("cursor") };
  const filterForm = readFeedFilters(url.searchParams);
  const isSelf = viewer?.id === user.id;
  // A view of the page itself, not the next page of its lists.
  if (!url.searchParams.has("cursor") && !url.searchParams.has("after")) {
    await recordEvent("Profile View", { userId: viewer?.id, campusId: campus.id, path: url.pathname });
  }
  return {
    profile: {
      id: user.id,
      username: user.username,
      displayName: displayName(user),
      avatarUrl: avatarUrl(user.img, "large"),
      verified: user.verified,
      bio: user.bio,
      links: profileLinks(user),
      profileSetUp: user.profileSetUp,
      totals: { posts: user.totalPosts, projects: user.totalProjects, games: user.totalGames },
    },
    show,
    viewer: isSelf ? ("self" as const) : viewer ? ("member" as const) : ("visitor" as const),
    /** The viewer blocked this person (Unblock instead of Block). */
    blocked: viewer && !isSelf ? await hasBlocked(viewer.id, user.id) : false,
    /** Top-level posts on this campus, or (show=videos) the posts with videos. */
    // A profile keeps its author's expired listings, marked "Expired".
    feed: show === "videos" ? await getVideoPage(feedOpts) : await getFeedPage({ ...feedOpts, filters: filterForm.filters, includeExpired: true }),
    filterForm,
    portfolio: show === "videos" ? null : await listPortfolioPage(show === "games" ? "game" : "project", { ownerId: user.id, cursor: url.searchParams.get("after") }),
    /** The portfolio owner's Create Post buttons, on their own profile only (§2, §6). */
    createPostHref: isSelf && user.isOwner ? `/create/post?goBack=${encodeURIComponent(`/${user.username}`)}` : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await findProfile(params.username);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "claim") {
    // The sign-in link goes to the account's own address; the visitor sees it only masked (§2).
    const sent = await requestClaimLink(request, context.clientIp, user.username);
    if (!sent.ok) return redirectWithAlert(request, `/${user.username}`, { type: "danger", message: AUTH_MESSAGES[sent.code] });
    return redirect(claimSentUrl(user.username), { headers: { "Set-Cookie": sent.setCookie } });
  }
  if (intent === "block" || intent === "unblock") {
    const viewer = await requireUser(request);
    try {
      if (intent === "block") await blockUser(viewer.id, user.id);
      else await unblockUser(viewer.id, user.id);
    } catch (error) {
      if (error instanceof BlockError) throw new Response(error.message, { status: 400 });
      throw error;
    }
    return redirectWithAlert(request, `/${user.username}`, { type: "success", message: intent === "block" ? USER_BLOCKED : USER_UNBLOCKED });
  }
  if (intent !== "report") throw new Response("Bad Request", { status: 400 });
  const viewer = await requireUser(request);
  return reportAction(request, form, viewer, (details) => reportUser({ reporterId: viewer.id, reportedUserId: user.id, ...details }), `/${user.username}`);
}

const TABS: { show: Show; label: string; empty: string }[] = [
  { show: "projects", label: "Projects", empty: "No Projects" },
  { show: "games", label: "Games", empty: "No Games" },
  { show: "videos", label: "Videos", empty: "No Posts" },
];

export default function Profile() {
  const { profile, show, viewer, blocked, feed, portfolio, createPostHref, filterForm } = useLoaderData<typeof loader>();
  const base = `/${profile.username}`;
  const tab = TABS.find((t) => t.show === show)!;
  const location = useLocation();
  const here = withoutModals(location.pathname + location.search);
  const reporting = viewer === "member" && reportOpen(location.search).kind === "user";
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
              {/* A visitor gets the sign-up prompt. */}
              <Link to={viewer === "member" ? reportHref(here, "user") : signUpPromptHref(here, "report")} className="button" preventScrollReset>
                Report
              </Link>
              {viewer === "member" ? (
                blocked ? (
                  <Form method="post" className="inline-form">
                    <button type="submit" name="intent" value="unblock" className="button">
                      Unblock
                    </button>
                  </Form>
                ) : (
                  <BlockButton />
                )
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
        {TABS.map((t) => (
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

      <section aria-labelledby="posts-title" className="profile__section">
        <h2 id="posts-title" className="section-title">
          {show === "videos" ? "Videos" : "Posts"}
        </h2>
        {show !== "videos" ? <FeedFilters form={filterForm} hidden={show === "projects" ? {} : { show }} /> : null}
        <PostFeed page={feed} emptyText="No Posts" />
      </section>
      <DeleteFromUrl />
      {viewer === "member" && !blocked ? <BlockFromUrl action={base} name={profile.displayName} /> : null}
      {reporting ? <ReportDialogSlot kind="user" name={profile.displayName} action={reportHref(here, "user")} closeHref={here} returnTo={here} /> : null}

      {createPostHref ? (
        <Link to={createPostHref} className="fab" aria-label="Create Post">
          <Icon name="plus" />
        </Link>
      ) : null}
    </div>
  );
}
