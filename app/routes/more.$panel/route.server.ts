import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { submitContactForm } from "~/flows/contact.server";
import { ensurePortfolioFresh, listProjects } from "~/models/portfolio.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { config } from "~/services/config.server";
import { renderContent } from "~/services/content.server";
import { contactSchema, formConstraint } from "~/schemas/index.server";
import { getOptionalUser } from "~/services/session.server";
import { readForm } from "~/services/form.server";
import type { FormConstraint } from "~/utils/form";

// The last path segment decides the panel (docs/product.md §2).
const PANELS = {
  about: { title: "About Me", kind: "page" },
  faq: { title: "FAQ", kind: "page" },
  podcast: { title: "Podcast", kind: "page" },
  open: { title: "Open", kind: "page" },
  rules: { title: "Rules", kind: "page" },
  projects: { title: "Projects", kind: "projects" },
  help: { title: "Contact Me", kind: "form" },
  feedback: { title: "Feedback", kind: "form" },
} as const;

type PanelId = keyof typeof PANELS;

function panelOf(params: { panel?: string }): PanelId {
  const id = params.panel ?? "";
  if (!(id in PANELS)) throw new Response("Not Found", { status: 404 });
  return id as PanelId;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = panelOf(params);
  const panel = PANELS[id];
  const base = {
    id,
    title: panel.title,
    kind: panel.kind,
    html: null as string | null,
    projects: null as Awaited<ReturnType<typeof listProjects>> | null,
    contactEmail: null as string | null,
    senderEmail: null as string | null,
    constraint: null as FormConstraint | null,
  };
  if (panel.kind === "page") {
    const page = await renderContent("pages", id);
    if (!page) throw new Response("Not Found", { status: 404 });
    return { ...base, html: page.html ?? "<p>This page is not available right now.</p>" };
  }
  if (panel.kind === "projects") {
    await ensurePortfolioFresh();
    return { ...base, projects: await listProjects() };
  }
  const user = await getOptionalUser(request);
  return { ...base, contactEmail: config().contactEmail, senderEmail: user?.email ?? null, constraint: formConstraint(contactSchema) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = panelOf(params);
  if (PANELS[id].kind !== "form") throw new Response("Method Not Allowed", { status: 405 });
  const user = await getOptionalUser(request);
  const result = await submitContactForm(await readForm(request), {
    kind: id === "feedback" ? "feedback" : "contact",
    clientIp: context.clientIp,
    username: user?.username,
  });
  if (!result.ok) return data(result.reply, { status: result.status });
  return redirectWithAlert(request, `/more/${id}`, { type: "okay", message: "Email sent." });
}
