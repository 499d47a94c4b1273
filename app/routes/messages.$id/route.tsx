import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BlockButton, BlockFromUrl } from "~/components/block-confirm";
import { ConversationItem, MessageList } from "~/components/messages";
import { OnDemand } from "~/components/on-demand";
import listsCss from "~/styles/lists.css";
import { reportHref, reportOpen } from "~/utils/reports";
import type { RouteHandle } from "~/utils/route-handle";
import { OfferPanel } from "./offer-panel";
import { ReviewPrompt } from "./review-prompt";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = {
  title: (d) => (d as { conversation?: { other: { displayName: string } } } | undefined)?.conversation?.other.displayName ?? "Messages",
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

/** How often an open conversation asks for new messages (with JS, while the tab is visible). */
const POLL_MS = 3000;

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export { action, loader } from "./route.server";

/**
 * With JS, asks the loader again every few seconds while the tab is visible
 * (and at once when it becomes visible), so the other side's messages appear
 * without a reload; nothing is asked while hidden or while a form is sending.
 */
function usePolling(ms: number, enabled: boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ revalidator, idle: true });
  state.current = { revalidator, idle: revalidator.state === "idle" && navigation.state === "idle" };
  useEffect(() => {
    if (!enabled) return;
    const tick = () => {
      if (document.visibilityState === "visible" && state.current.idle) state.current.revalidator.revalidate();
    };
    const timer = setInterval(tick, ms);
    const onVisibility = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [ms, enabled]);
}

export default function Conversation() {
  const { conversation, offers, paged, review } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The composer's refusal (a report's goes to its dialog, an offer's to the offer panel).
  const lastResult = actionData && !("report" in actionData) && !("offer" in actionData) && !("offerError" in actionData) ? actionData : null;
  const offerResult = actionData && "offer" in actionData ? (actionData.offer ?? null) : null;
  const offerError = actionData && "offerError" in actionData ? (actionData.offerError ?? null) : null;
  const reporting = reportOpen(useLocation().search).kind === "conversation";
  usePolling(POLL_MS, !paged);
  const here = `/messages/${conversation.id}`;
  return (
    <div className="conversation stack">
      <ConversationItem item={conversation.item} />
      <ReviewPrompt review={review} />
      <section className="panel conversation__panel" aria-labelledby="conversation-title">
        <h2 id="conversation-title" className="section-title">
          Conversation with <Link to={`/${conversation.other.username}`}>{conversation.other.displayName}</Link>
        </h2>
        {conversation.earlierCursor ? (
          <p>
            <Link to={`${here}?before=${encodeURIComponent(conversation.earlierCursor)}`} className="button button--small">
              Earlier messages
            </Link>
          </p>
        ) : null}
        {paged ? (
          <p>
            <Link to={here} className="button button--small">
              Newest messages
            </Link>
          </p>
        ) : null}
        <MessageList messages={conversation.messages} />
        {paged ? null : <OfferPanel panel={offers} here={here} lastResult={offerResult} error={offerError} />}
        {paged ? null : <OnDemand.MessageComposer action={here} lastResult={lastResult} canSend={conversation.canSend} untilInteraction={!lastResult} />}
      </section>
      <div className="button-row conversation__actions">
        {conversation.youBlocked ? (
          <Form method="post" className="inline-form">
            <button type="submit" name="intent" value="unblock" className="button">
              Unblock
            </button>
          </Form>
        ) : (
          <BlockButton />
        )}
        <Link to={reportHref(here, "conversation")} className="button" preventScrollReset>
          Report
        </Link>
      </div>
      <BlockFromUrl action={here} name={conversation.other.displayName} />
      {reporting ? <OnDemand.ReportDialog kind="conversation" action={reportHref(here, "conversation")} closeHref={here} returnTo={here} /> : null}
    </div>
  );
}
