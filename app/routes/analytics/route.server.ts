import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { listCampuses } from "~/models/campuses.server";
import { countsPerDay, EVENT_NAMES, type EventName, flushPageViews } from "~/models/events.server";
import { isOwner } from "~/models/users.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getOptionalUser } from "~/services/session.server";

const DAYS = 30;

/** Column headings: page views first, then the events of docs/product.md §20. */
const COLUMNS: { name: EventName; label: string }[] = [
  { name: "Page View", label: "Page views" },
  ...EVENT_NAMES.filter((n) => n !== "Page View").map((name) => ({ name, label: name })),
];

// The owner's page: everyone else gets the not-found page, as if it did not exist.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user || !isOwner(user)) throw new Response("Not Found", { status: 404 });
  const campuses = (await listCampuses()).map((c) => ({ id: c.id, name: c.name }));
  const requested = new URL(request.url).searchParams.get("campus");
  const campusId = campuses.some((c) => c.id === requested) ? requested! : null;
  const timeZone = getViewerTimeZone(request, (await campusForRequest(request)).timeZone);
  await flushPageViews(); // this process's views of the last second count too
  const days = await countsPerDay({ days: DAYS, timeZone, campusId: campusId ?? undefined });
  const totals = Object.fromEntries(COLUMNS.map((c) => [c.name, days.reduce((sum, d) => sum + d.counts[c.name], 0)])) as Record<EventName, number>;
  return data({ days, totals, timeZone, campuses, campusId, columns: COLUMNS, dayCount: DAYS }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
