import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { FormErrors } from "~/components/field-errors";
import { RedirectInput } from "~/components/redirect-input";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Log in" };

export default function MagicLinkSent() {
  const { email, claim, first, last, redirectTo, mailbox } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const external = mailbox.startsWith("http");
  return (
    <section className="panel auth stack" aria-labelledby="sent-title">
      <h2 id="sent-title" className="panel__title">
        Your magic link is on its way!
      </h2>
      <p>This may take 1-2 minutes.</p>
      <p>
        We sent it to <span className="auth__address">{email}</span>. Open it in this browser to log in.
      </p>
      <a className="button button--primary button--block" href={mailbox} {...(external ? { target: "_blank", rel: "noreferrer" } : {})}>
        Go to your mail
      </a>
      <Form method="post" className="stack">
        {claim ? <input type="hidden" name="claim" value={claim} /> : <input type="hidden" name="email" value={email} />}
        {first && last ? (
          <>
            <input type="hidden" name="first" value={first} />
            <input type="hidden" name="last" value={last} />
          </>
        ) : null}
        <RedirectInput to={redirectTo} />
        <FormErrors id="resend-errors" errors={actionData?.errors} />
        <SubmitButton className="button button--block" busyLabel="Sending...">
          Resend Email
        </SubmitButton>
      </Form>
      <p>
        <Link to={`/login?${new URLSearchParams(claim ? { method: "password" } : { method: "password", email })}`}>Log in with password</Link>
      </p>
    </section>
  );
}
