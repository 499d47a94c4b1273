import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/post-parts";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Blocked people" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export default function BlockedPeople() {
  const { blocked } = useLoaderData<typeof loader>();
  return (
    <article className="panel">
      <h2 className="panel__title">Blocked people</h2>
      <p className="muted">You and the people you block can't message each other or see each other's posts and comments.</p>
      {blocked.length === 0 ? (
        <p>You haven&apos;t blocked anyone.</p>
      ) : (
        <ul className="people-list" aria-label="Blocked people">
          {blocked.map((p) => (
            <li key={p.id} className="card person" data-testid="blocked-person">
              <Avatar author={p} size={40} />
              <span className="person__main">
                <Link to={`/${p.username}`} className="person__name">
                  {p.displayName}
                </Link>
                <span className="muted">@{p.username}</span>
              </span>
              <Form method="post" className="inline-form">
                <input type="hidden" name="userId" value={p.id} />
                <button type="submit" name="intent" value="unblock" className="button button--small" aria-label={`Unblock ${p.displayName}`}>
                  Unblock
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
