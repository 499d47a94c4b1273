import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { campusForRequest, listCampuses } from "~/models/campuses.server";
import { countsPerDay, EVENT_NAMES, type EventName, flushPageViews } from "~/models/events.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { isOwner } from "~/models/users.server";
import { getOptionalUser } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Analytics" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

const DAYS = 30;

/** Column headings: page views first, then the events of docs/product.md §20. */
const COLUMNS: { name: EventName; label: string }[] = [
  { name: "Page View", label: "Page views" },
  ...EVENT_NAMES.filter((n) => n !== "Page View").map((name) => ({ name, label: name })),
];

// The owner's page: everyone else gets the not-found page, as if it did not exist.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!isOwner(user)) throw new Response("Not Found", { status: 404 });
  const campuses = (await listCampuses()).map((c) => ({ id: c.id, name: c.name }));
  const requested = new URL(request.url).searchParams.get("campus");
  const campusId = campuses.some((c) => c.id === requested) ? requested! : null;
  const timeZone = getViewerTimeZone(request, (await campusForRequest(request)).timeZone);
  await flushPageViews(); // this process's views of the last second count too
  const days = await countsPerDay({ days: DAYS, timeZone, campusId: campusId ?? undefined });
  const totals = Object.fromEntries(COLUMNS.map((c) => [c.name, days.reduce((sum, d) => sum + d.counts[c.name], 0)])) as Record<EventName, number>;
  return data({ days, totals, timeZone, campuses, campusId }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Analytics() {
  const { days, totals, timeZone, campuses, campusId } = useLoaderData<typeof loader>();
  return (
    <section className="panel stack" aria-labelledby="analytics-title">
      <h2 id="analytics-title" className="panel__title">
        Events per day
      </h2>
      <Form method="get" className="filter-bar">
        <label htmlFor="analytics-campus">Campus</label>
        <select id="analytics-campus" name="campus" defaultValue={campusId ?? ""} key={campusId ?? ""}>
          <option value="">All campuses</option>
          {campuses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          Show
        </button>
      </Form>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="analytics-caption">
        <table className="data-table">
          <caption id="analytics-caption">
            Last {DAYS} days, newest first ({timeZone})
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {COLUMNS.map((c) => (
                <th key={c.name} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{d.day}</time>
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.name}>{d.counts[c.name]}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {COLUMNS.map((c) => (
                <td key={c.name}>{totals[c.name]}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
