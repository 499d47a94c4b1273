import type { LinksFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const handle: RouteHandle = { title: "Schools" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export default function SearchSchools() {
  const { q, schools } = useLoaderData<typeof loader>();
  return (
    <>
      <Form method="get" role="search" className="search-form" key={q}>
        <label htmlFor="school-q" className="visually-hidden">
          Find your school
        </label>
        <input id="school-q" type="search" name="q" defaultValue={q} placeholder="Find your school" maxLength={100} />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      {schools.length === 0 ? (
        <p className="empty-state panel">No schools match “{q}”.</p>
      ) : (
        <ul className="school-list" aria-label="Schools">
          {schools.map((s) => (
            <li key={s.id} className={`card school${s.current ? " school--current" : ""}`} data-testid="school">
              <img src={`/logos/${s.id}.svg`} alt="" width="48" height="48" />
              <span className="school__main">
                <a href={s.href} className="school__name">
                  {s.name}
                </a>
                <span className="muted">
                  {s.school}
                  {s.domain ? ` · @${s.domain}` : ""}
                  {s.current ? " · You are here" : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
