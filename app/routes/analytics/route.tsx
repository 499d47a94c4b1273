import type { LinksFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader, headers } from "./route.server";

export const handle: RouteHandle = { title: "Analytics" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export default function Analytics() {
  const { days, totals, timeZone, campuses, campusId, columns, dayCount } = useLoaderData<typeof loader>();
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
            Last {dayCount} days, newest first ({timeZone})
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {columns.map((c) => (
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
                {columns.map((c) => (
                  <td key={c.name}>{d.counts[c.name]}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {columns.map((c) => (
                <td key={c.name}>{totals[c.name]}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
