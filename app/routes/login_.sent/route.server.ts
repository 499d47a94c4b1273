import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { magicLinkSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { claimAddress, claimSentUrl, sentPageUrl } from "~/flows/auth.server";
import { requestClaimLink, requestMagicLink } from "~/http/auth.server";
import { config } from "~/services/config.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { safePath } from "~/utils/navigation";
import { readForm } from "~/services/form.server";

/** Where "Go to your mail" leads: the dev mailbox locally, else the address's webmail. */
function mailboxUrl(email: string): string {
  if (config().devMailbox) return `/dev/mail?${new URLSearchParams({ to: email })}`;
  const domain = email.split("@")[1]?.toLowerCase() ?? "";
  if (/(?:^|\.)(?:outlook|hotmail|live|msn)\.com$/.test(domain) || domain.endsWith(".edu")) return "https://outlook.office.com/mail/";
  if (/(?:^|\.)yahoo\./.test(domain)) return "https://mail.yahoo.com/";
  if (/(?:^|\.)(?:icloud|me|mac)\.com$/.test(domain)) return "https://www.icloud.com/mail/";
  return "https://mail.google.com/";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A claim (docs/product.md §3): the account's address, masked; the page never holds the whole of it.
  const claim = url.searchParams.get("claim")?.trim() ?? "";
  if (claim) {
    const masked = await claimAddress(claim);
    if (!masked) throw redirect("/login?method=noPassword");
    return { email: masked, claim, first: "", last: "", redirectTo: "", mailbox: config().devMailbox ? "/dev/mail" : mailboxUrl(masked) };
  }
  const email = url.searchParams.get("email")?.trim() ?? "";
  if (!email) throw redirect("/login?method=noPassword");
  return {
    email,
    claim: "",
    first: url.searchParams.get("first") ?? "",
    last: url.searchParams.get("last") ?? "",
    redirectTo: safePath(url.searchParams.get("redirect"), ""),
    mailbox: mailboxUrl(email),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const claim = formData.get("claim");
  if (typeof claim === "string" && claim) {
    const sent = await requestClaimLink(request, context.clientIp, claim);
    if (!sent.ok) return data({ errors: [AUTH_MESSAGES[sent.code]] }, { status: sent.code.endsWith("flood") ? 429 : 400 });
    return redirectWithAlert(request, claimSentUrl(claim), { type: "okay", message: "Email sent." }, { headers: { "Set-Cookie": sent.setCookie } });
  }
  const submission = parseWithSchema(formData, magicLinkSchema);
  if (submission.status !== "success") return data({ errors: [AUTH_MESSAGES["send-failed"]] }, { status: 400 });
  const sent = await requestMagicLink(request, context.clientIp, submission.value);
  if (!sent.ok) {
    return data({ errors: [AUTH_MESSAGES[sent.code]] }, { status: sent.code.endsWith("flood") ? 429 : 400 });
  }
  return redirectWithAlert(
    request,
    sentPageUrl(submission.value),
    { type: "okay", message: "Email sent." },
    { headers: { "Set-Cookie": sent.setCookie } },
  );
}
