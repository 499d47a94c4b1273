import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { ErrorList } from "~/components/field-errors";
import { changeCampus } from "~/models/school.server";
import { getCampus, listCampuses, SCHOOL_NAMES } from "~/models/campuses.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getOptionalUser } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { signUpPromptHref } from "~/utils/url-state";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Choose your school" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return {
    signedIn: !!user,
    current: user?.campusId ?? null,
    campuses: (await listCampuses()).map((c) => ({ id: c.id, name: c.name, school: SCHOOL_NAMES[c.id] ?? c.name, domain: c.emailDomain })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  // A visitor who tries to join a campus gets the sign-up prompt (docs/product.md §4).
  const user = await getOptionalUser(request);
  if (!user) throw redirect(signUpPromptHref("/select-city", "join-campus"));
  // One choice among a handful of radio buttons: the server's check is all it needs (no form library in the page).
  const choice = String((await readForm(request)).get("campus") ?? "");
  if (!await getCampus(choice)) return data({ error: "Choose your school." }, { status: 400 });
  const updated = await changeCampus(user.id, choice);
  const alert = { type: "success", message: AUTH_MESSAGES["account-updated"] } as const;
  // Not school-verified on the new campus: the next step is its school email.
  return redirectWithAlert(request, updated.schoolVerified ? "/select-city" : "/add-code", alert);
}

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
