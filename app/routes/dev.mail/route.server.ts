import type { LoaderFunctionArgs } from "@remix-run/node";
import { listMailTo } from "~/models/mail.server";
import { config } from "~/services/config.server";

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
