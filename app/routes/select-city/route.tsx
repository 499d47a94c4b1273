import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { ErrorList } from "~/components/field-errors";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import { signUpPromptHref } from "~/utils/url-state";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Choose your school" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export default function SelectCity() {
  const { signedIn, current, campuses } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const location = useLocation();
  if (!signedIn) {
    const join = signUpPromptHref(location.pathname + location.search, "join-campus");
    return (
      <section className="panel stack" aria-labelledby="select-city-title">
        <h2 id="select-city-title" className="panel__title">
          Join your campus
        </h2>
        <ul className="school-list" aria-label="Schools">
          {campuses.map((c) => (
            <li key={c.id} className="card school">
              <img src={`/logos/${c.id}.svg`} alt="" width="40" height="40" />
              <span className="school__main">
                <span className="school__name">{c.name}</span>
                <span className="muted">{c.school}</span>
              </span>
              <Link to={join} className="button button--small" preventScrollReset aria-label={`Join ${c.name}`}>
                Join
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="panel stack" aria-labelledby="select-city-title">
      <h2 id="select-city-title" className="panel__title">
        Which school do you go to?
      </h2>
      <p className="auth__lead">Your school decides which email confirms you as a student.</p>
      <Form method="post" className="stack">
        <fieldset className="campus-choice" aria-describedby={error ? "campus-error" : undefined}>
          <legend>School</legend>
          {campuses.map((c) => (
            <label key={c.id}>
              <input type="radio" name="campus" value={c.id} defaultChecked={c.id === current} />
              <img src={`/logos/${c.id}.svg`} alt="" width="32" height="32" />
              <span>
                <strong>{c.name}</strong> <span className="muted">{c.school}{c.domain ? ` · @${c.domain}` : ""}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <ErrorList id="campus-error" errors={error ? [error] : undefined} />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </section>
  );
}
