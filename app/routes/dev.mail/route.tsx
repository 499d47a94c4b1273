import { Form, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const handle: RouteHandle = { title: "Dev mailbox" };

export default function DevMailbox() {
  const { to, mails } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <Form method="get" className="panel filter-bar">
        <label htmlFor="to">Address</label>
        <input id="to" name="to" type="email" defaultValue={to} />
        <button type="submit" className="button">
          Open
        </button>
      </Form>
      {to && mails.length === 0 ? <p className="panel empty-state">No mail for {to}.</p> : null}
      {mails.map((m) => (
        <article key={m.id} className="panel mail" data-testid="mail">
          <h2 className="mail__subject">{m.subject}</h2>
          <p className="muted">
            {m.createdAt} · {m.status}
          </p>
          {/* Our own generated email HTML; user text in it is escaped when the mail is built. */}
          <div className="mail__body" dangerouslySetInnerHTML={{ __html: m.html }} />
        </article>
      ))}
    </div>
  );
}
