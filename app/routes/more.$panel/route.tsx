import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { PortfolioList } from "~/components/portfolio-list";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = {
  title: (d) => (d as { title?: string } | undefined)?.title,
};

export default function MorePanel() {
  const panel = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <article className="panel">
      <h2 className="panel__title">{panel.title}</h2>
      {panel.html !== null ? <div className="prose" dangerouslySetInnerHTML={{ __html: panel.html }} /> : null}
      {panel.projects ? <PortfolioList items={panel.projects} kind="project" emptyText="No Projects" /> : null}
      {panel.kind === "form" ? (
        <>
          <p>
            {panel.id === "feedback"
              ? "Tell me what works, what doesn't, and what you would like to see next."
              : "Questions about the site, a listing, or a project? Send me a message and I will get back to you by email."}
          </p>
          {panel.contactEmail ? (
            <p>
              You can also write to <a href={`mailto:${panel.contactEmail}`}>{panel.contactEmail}</a>.
            </p>
          ) : null}
          <ContactForm
            lastResult={lastResult}
            label={panel.id === "feedback" ? "Your feedback" : "Message"}
            defaultEmail={panel.senderEmail ?? undefined}
            constraint={panel.constraint ?? undefined}
          />
        </>
      ) : null}
    </article>
  );
}
