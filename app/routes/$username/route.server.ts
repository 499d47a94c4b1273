// /{username}: a profile page; Claim this account, Block/Unblock and Report.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { claimSentUrl } from "~/flows/auth.server";
import { requestClaimLink } from "~/http/auth.server";
import { linkPreviewTags, profilePreview } from "~/http/link-previews.server";
import { profilePage, setBlocked } from "~/flows/profile-page.server";
import { reportAction } from "~/http/reports.server";
import { campusForRequest } from "~/http/campus.server";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { can } from "~/models/permissions.server";
import { reportUser } from "~/models/reports.server";
import { reportShownReview } from "~/flows/reviews.server";
import { getProfile } from "~/models/users.server";
import { reportSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { feedView, GRID_PAGE_SIZE, readFeedFilters } from "~/utils/feed-filters";
import { parseWithSchema } from "~/utils/form";
import { profileTabOf } from "~/utils/profile-tabs";

// An unknown name is the not-found page (root error boundary), with a 404.
const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const filterForm = readFeedFilters(url.searchParams);
  const view = feedView(url.searchParams, filterForm.filters, "profile");
  const page = await profilePage({
    username: params.username ?? "",
    viewer,
    campusId: campus.id,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    show: profileTabOf(url.searchParams.get("show")),
    filterForm,
    cursor: url.searchParams.get("cursor"),
    after: url.searchParams.get("after"),
    limit: view === "grid" ? GRID_PAGE_SIZE : undefined,
    path: url.pathname,
  });
  if (!page.ok) throw notFound();
  const { ok: _ok, ...shown } = page;
  return { ...shown, view, preview: linkPreviewTags(profilePreview(shown.profile, campus)) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await getProfile(params.username ?? "");
  if (!user) throw notFound();
  // Claim this account is the one write a visitor makes (it only emails the account's
  // own address, under the sign-in link limits). Everything else needs a signed-in
  // user, checked before the body is read: the least rule of this page's writes
  // (signed in; blocking stays open to everyone), then each intent's own rule.
  const signedIn = (await getOptionalUser(request)) !== null;
  const gate = signedIn ? await checkPermission(request, "user.block") : null;
  if (gate?.refusal) throw refusalResponse(gate.refusal);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "claim") {
    // The sign-in link goes to the account's own address; the visitor sees it only masked (docs/product.md §3).
    const sent = await requestClaimLink(request, context.clientIp, user.username);
    if (!sent.ok) return redirectWithAlert(request, `/${user.username}`, { type: "danger", message: AUTH_MESSAGES[sent.code] });
    return redirect(claimSentUrl(user.username), { headers: { "Set-Cookie": sent.setCookie } });
  }
  const viewer = gate?.user ?? (await requireUser(request));
  const campusId = gate!.campus.id;
  if (intent === "block" || intent === "unblock") {
    const done = await setBlocked(viewer.id, user.id, intent === "block");
    if (!done.ok) throw new Response(done.message, { status: 400 });
    return redirectWithAlert(request, `/${user.username}`, { type: "success", message: done.message });
  }
  if (intent !== "report") throw new Response("Bad Request", { status: 400 });
  const reported = new URL(request.url).searchParams;
  if (reported.get("report") === "review") {
    // A review on the Reviews tab: ?report=review&target={id}.
    const reviewDecision = await can(viewer, "review.report", { campusId });
    if (!reviewDecision.allowed) return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [reviewDecision.refusal.message] }) }, { status: reviewDecision.refusal.status });
    const reviewId = reported.get("target") ?? "";
    return reportAction(request, form, viewer, (details) => reportShownReview({ reporterId: viewer.id, reviewId, ...details }), `/${user.username}?show=reviews`);
  }
  const decision = await can(viewer, "user.report", { campusId });
  if (!decision.allowed) return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [decision.refusal.message] }) }, { status: decision.refusal.status });
  return reportAction(request, form, viewer, (details) => reportUser({ reporterId: viewer.id, reportedUserId: user.id, ...details }), `/${user.username}`);
}
