import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { campusForRequest, campusSiteUrl, findCampuses, SCHOOL_NAMES } from "~/models/campuses.server";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Schools" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const here = await campusForRequest(request);
  return {
    q,
    schools: (await findCampuses(q)).map((c) => ({
      id: c.id,
      name: `${c.name} BuySell`,
      school: SCHOOL_NAMES[c.id] ?? c.name,
      domain: c.emailDomain,
      href: campusSiteUrl(c, url),
      current: c.id === here.id,
    })),
  };
}

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
