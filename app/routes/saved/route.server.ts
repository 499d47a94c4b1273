// /saved: what the signed-in user saved — posts, projects and games — newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { getSavedPage } from "~/models/saved-items.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { requireUserId } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  const saved = await getSavedPage({
    userId,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: new URL(request.url).searchParams.get("cursor"),
  });
  return data({ saved }, { headers: { "Cache-Control": "private, no-store" } });
}
