// /settings/saved-searches: the signed-in user's saved searches on this campus,
// with Notify me and Delete; also where "Save this search" posts to.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { campusForRequest } from "~/http/campus.server";
import { deleteSavedSearch, listSavedSearches, saveSearch, setSearchNotify } from "~/models/saved-searches.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { requireUserId } from "~/services/session.server";
import { readFeedFilters } from "~/utils/feed-filters";
import { safePath } from "~/utils/navigation";
import {
  NOTHING_TO_SAVE,
  NOTIFY_CHOICES,
  NOTIFY_UPDATED,
  SEARCH_ALREADY_SAVED,
  SEARCH_DELETED,
  SEARCH_SAVED,
  savedSearchCriteria,
  TOO_MANY_SEARCHES,
  type NotifyChoice,
} from "~/utils/saved-searches";

const PAGE = "/settings/saved-searches";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  return { searches: await listSavedSearches(userId, campus.id) };
}

const SAVE_ANSWERS = { exists: SEARCH_ALREADY_SAVED, limit: TOO_MANY_SEARCHES, empty: NOTHING_TO_SAVE } as const;

export async function action({ request }: ActionFunctionArgs) {
  const { user, campus, refusal } = await checkPermission(request, "search.save");
  if (refusal) throw refusalResponse(refusal);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "save") {
    const back = safePath(form.get("back"), PAGE);
    // The page's words and filters, read as the feed reads its address.
    const params = new URLSearchParams();
    for (const name of ["category", "min", "max", "free", "condition"]) {
      const value = form.get(name);
      if (typeof value === "string") params.set(name, value);
    }
    const criteria = savedSearchCriteria(String(form.get("q") ?? ""), readFeedFilters(params).filters);
    const saved = await saveSearch({ userId: user.id, campusId: campus.id, criteria });
    return redirectWithAlert(request, back, saved.ok ? { type: "success", message: SEARCH_SAVED } : { type: saved.reason === "exists" ? "okay" : "danger", message: SAVE_ANSWERS[saved.reason] });
  }
  const id = String(form.get("id") ?? "");
  if (intent === "notify") {
    const notify = NOTIFY_CHOICES.find((c) => c.value === form.get("notify"))?.value;
    if (!notify) throw new Response("Bad Request", { status: 400 });
    // Another's search, or one already deleted: not there.
    if (!(await setSearchNotify(user.id, id, notify as NotifyChoice))) throw new Response("Not Found", { status: 404 });
    return redirectWithAlert(request, PAGE, { type: "success", message: NOTIFY_UPDATED });
  }
  if (intent === "delete") {
    if (!(await deleteSavedSearch(user.id, id))) throw new Response("Not Found", { status: 404 });
    return redirectWithAlert(request, PAGE, { type: "success", message: SEARCH_DELETED });
  }
  throw new Response("Bad Request", { status: 400 });
}
