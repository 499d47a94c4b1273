import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { listMailTo } from "~/models/mail.server";
import { config } from "~/services/config.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Dev mailbox" };

// The local mailbox (docs/product.md §16): every email in the outbox for one address.
// It shows sign-in and reset links, so unless DEV_MAILBOX=1 it answers only this machine.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cfg = config();
  if (!cfg.devMailbox || (cfg.devMailboxLocalOnly && !context.fromThisMachine)) throw new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  const mails = to ? await listMailTo(to) : [];
  return {
    to,
    mails: mails.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
  };
}

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
