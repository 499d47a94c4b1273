// The loader and action of a profile page, /{username} (docs/product.md §5): the person,
// their posts or videos and their projects or games; Claim this account,
// Block/Unblock and Report. The route imports only this module, so the
// browser build gets a single empty stand-in for its server code.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/models/permissions.server";
import { reportSchema } from "~/schemas/index.server";
import { parseWithSchema } from "~/utils/form";
import { BlockError, blockUser, hasBlocked, isBlockedEitherWay, unblockUser } from "~/models/blocks.server";
import { campusForRequest } from "~/models/campuses.server";
import { recordEvent } from "~/models/events.server";
import { listPortfolioPage } from "~/models/portfolio.server";
import { getFeedPage, getVideoPage } from "~/models/posts.server";
import { reportUser } from "~/models/reports.server";
import { avatarUrl, displayName, getProfile, isOwner, profileLinks } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { readFeedFilters } from "~/utils/feed-filters";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";
import { profileTabOf } from "~/utils/profile-tabs";
import { claimSentUrl, requestClaimLink } from "./auth.server";
import { reportAction } from "./reports.server";

async function findProfile(username: string | undefined) {
  const user = await getProfile(username ?? "");
  // An unknown name is the not-found page (root error boundary), with a 404.
  if (!user) throw new Response("Not Found", { status: 404 });
  return user;
}

const EMPTY_FEED = { posts: [], nextCursor: null };
const EMPTY_PORTFOLIO = { items: [], nextCursor: null };

export async function profilePageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await findProfile(params.username);
  const viewer = await getOptionalUser(request);
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const show = profileTabOf(url.searchParams.get("show"));
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  const feedOpts = { campusId: campus.id, timeZone, authorId: user.id, viewerId: viewer?.id, cursor: url.searchParams.get("cursor") };
  const filterForm = readFeedFilters(url.searchParams);
  const isSelf = viewer?.id === user.id;
  const walled = viewer && !isSelf ? await isBlockedEitherWay(viewer.id, user.id) : false;
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
    // Behind a block, either way, the profile's tabs list nothing (the page stays, to unblock or report).
    feed: walled ? EMPTY_FEED : show === "videos" ? await getVideoPage(feedOpts) : await getFeedPage({ ...feedOpts, filters: filterForm.filters, includeExpired: true }),
    filterForm,
    portfolio: show === "videos" ? null : walled ? EMPTY_PORTFOLIO : await listPortfolioPage(show === "games" ? "game" : "project", { ownerId: user.id, cursor: url.searchParams.get("after") }),
    /** The portfolio owner's Create Post buttons, on their own profile only (docs/product.md §5). */
    createPostHref: isSelf && isOwner(user) ? `/create/post?goBack=${encodeURIComponent(`/${user.username}`)}` : null,
  };
}

export async function profilePageAction({ request, params, context }: ActionFunctionArgs) {
  const user = await findProfile(params.username);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "claim") {
    // The sign-in link goes to the account's own address; the visitor sees it only masked (docs/product.md §3).
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
  const decision = await can(viewer, "user.report", { campusId: (await campusForRequest(request)).id });
  if (!decision.allowed) return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [decision.refusal.message] }) }, { status: decision.refusal.status });
  return reportAction(request, form, viewer, (details) => reportUser({ reporterId: viewer.id, reportedUserId: user.id, ...details }), `/${user.username}`);
}
