import type { HeadersFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export const handle: RouteHandle = { title: "Move-out weeks" };

// The owner only: everyone else gets the not-found page.
export { action, loader } from "./route.server";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Each campus's move-out weeks: during them its feed links to the Move-out sale and the composer offers Must go by. */
export default function MoveOutWeeks() {
  const { campuses } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      {campuses.map((campus) => (
        <section key={campus.id} className="panel stack" aria-labelledby={`move-out-${campus.id}`}>
          <h2 id={`move-out-${campus.id}`}>{campus.name}</h2>
          {campus.weeks.length ? (
            <ul>
              {campus.weeks.map((w) => (
                <li key={w.id}>
                  <Form method="post" className="button-row">
                    {w.startsOn} to {w.endsOn}
                    <input type="hidden" name="campus" value={campus.id} />
                    <input type="hidden" name="id" value={w.id} />
                    <button type="submit" name="intent" value="remove" className="button">
                      Remove<span className="visually-hidden"> {w.startsOn} to {w.endsOn}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No move-out weeks.</p>
          )}
          <Form method="post" className="button-row">
            <input type="hidden" name="campus" value={campus.id} />
            <div className="field">
              <label htmlFor={`${campus.id}-starts`}>First day</label>
              <input id={`${campus.id}-starts`} type="date" name="startsOn" required />
            </div>
            <div className="field">
              <label htmlFor={`${campus.id}-ends`}>Last day</label>
              <input id={`${campus.id}-ends`} type="date" name="endsOn" required />
            </div>
            <button type="submit" name="intent" value="add" className="button button--primary">
              Add
            </button>
          </Form>
        </section>
      ))}
    </div>
  );
}
