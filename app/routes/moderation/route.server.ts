// /moderation, the review queue: moderators only. Everyone else, visitors
// included, gets the not-found page, for the page and for every form post.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { REPORT_REASONS } from "~/data/report-reasons";
import { confirmationFor, isIntent, review } from "~/flows/moderation.server";
import { campusForRequest } from "~/http/campus.server";
import { type Campus } from "~/models/campuses.server";
import { getModerationEntry, getModerationPage, parseTargetKey, targetKey } from "~/models/moderation.server";
import { can } from "~/models/permissions.server";
import { isOwner, type User } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";
import type { ModerationConfirmView } from "~/types/moderation";
import { safePath } from "~/utils/navigation";
import { withParams } from "~/utils/url-state";

/** A moderator (the owner, or one the owner named and not suspended now), or the not-found page: nobody else learns the page exists. */
async function requireModerator(request: Request): Promise<{ user: User; campus: Campus }> {
  const user = await getOptionalUser(request);
  if (!user) throw new Response("Not Found", { status: 404 });
  const campus = await campusForRequest(request);
  const decision = await can(user, "moderation.review", { campusId: campus.id });
  if (!decision.allowed) throw new Response("Not Found", { status: 404 });
  return { user, campus };
}

/** The queue's page without a confirmation open: where Cancel and every action lead back to. */
function queuePath(pathWithSearch: string): string {
  const back = withParams(pathWithSearch, { confirm: null, target: null, duration: null, reason: null, user: null });
  return back.startsWith("/moderation") ? back : "/moderation";
}

function refuse(message: string, status: number): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user: viewer, campus } = await requireModerator(request);
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  const url = new URL(request.url);
  const page = await getModerationPage({ timeZone, cursor: url.searchParams.get("cursor") });
  const here = queuePath(url.pathname + url.search);
  // The confirmation names its item: from this page, or (a link kept from another page) looked up alone.
  const target = parseTargetKey(url.searchParams.get("target"));
  let confirm: ModerationConfirmView | null = null;
  if (target && url.searchParams.has("confirm")) {
    const entry = page.items.find((e) => e.id === targetKey(target)) ?? (await getModerationEntry(target, timeZone));
    confirm = entry ? confirmationFor(url.searchParams, entry, viewer, here) : null;
  }
  return data(
    { page, confirm, here, viewerIsOwner: isOwner(viewer), reasons: REPORT_REASONS.map((r) => ({ id: r.id, label: r.label })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user: moderator } = await requireModerator(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const target = parseTargetKey(form.get("target"));
  if (!isIntent(intent) || !target) refuse("Bad Request", 400);
  const back = queuePath(safePath(String(form.get("returnTo") ?? ""), "/moderation"));
  const result = await review(moderator, intent, target, form);
  if (!result.ok) refuse(result.message, result.status);
  return redirectWithAlert(request, back, { type: result.type, message: result.message });
}
