import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import { MAX_SAVED_SEARCHES, NOTIFY_CHOICES } from "~/utils/saved-searches";
import type { loader } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Saved searches" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export default function SavedSearches() {
  const { searches } = useLoaderData<typeof loader>();
  return (
    <article className="panel">
      <h2 className="panel__title">Saved searches</h2>
      <p className="muted">
        We tell you when a new listing matches a search you saved (up to {MAX_SAVED_SEARCHES}). Save one with Save this search on Search, Home or a
        profile.
      </p>
      {searches.length === 0 ? (
        <p>You haven&apos;t saved any searches.</p>
      ) : (
        <ul className="saved-searches" aria-label="Saved searches">
          {searches.map((s) => (
            <li key={s.id} className="card saved-search" data-testid="saved-search">
              <Link to={s.href} className="saved-search__what">
                {s.description}
              </Link>
              <Form method="post" className="inline-form">
                <input type="hidden" name="id" value={s.id} />
                <label htmlFor={`notify-${s.id}`}>Notify me</label>{" "}
                <select id={`notify-${s.id}`} name="notify" defaultValue={s.notify}>
                  {NOTIFY_CHOICES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>{" "}
                <button type="submit" name="intent" value="notify" className="button button--small">
                  Update
                </button>
              </Form>
              <Form method="post" className="inline-form">
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" name="intent" value="delete" className="button button--small" aria-label={`Delete ${s.description}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
