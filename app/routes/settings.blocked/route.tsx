import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/post-parts";
import { listBlocked, unblockUser } from "~/models/blocks.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { requireUserId } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import { USER_UNBLOCKED } from "~/utils/messages";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Blocked people" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  return { blocked: await listBlocked(userId) };
}

/** Unblock: only a block the signed-in user made. */
export async function action({ request }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const form = await readForm(request);
  const blockedId = String(form.get("userId") ?? "");
  if (form.get("intent") !== "unblock" || !blockedId) throw new Response("Bad Request", { status: 400 });
  await unblockUser(userId, blockedId);
  return redirectWithAlert(request, "/settings/blocked", { type: "success", message: USER_UNBLOCKED });
}

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
