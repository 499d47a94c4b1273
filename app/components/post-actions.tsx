import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { PostView } from "~/types/views";
import { useOptionalUser } from "~/utils/user";
import { reportHref, reportOpen } from "~/utils/reports";
import { signUpPromptHref } from "~/utils/url-state";
import { withoutModals, withParams } from "~/utils/url-state";
import { actionPromptHref } from "~/utils/url-state";
import { Icon } from "./icons";
import { OnDemand } from "./on-demand";
import { SpaLink, useSpaLinks } from "./spa-link";
import { SaveButton } from "./save-button";

type ActionPost = Pick<PostView, "id" | "likeCount" | "commentCount" | "saved" | "author" | "text">;

/**
 * Comment, Save, Share and Delete (the author) or Report (anyone else), for a
 * post or a comment. Menus, dialogs and confirmations are URL state on the
 * current page.
 */
export function PostActions({ post, kind, replyLabel = "Comment" }: { post: ActionPost; kind: "post" | "comment"; replyLabel?: string }) {
  const viewer = useOptionalUser();
  // The card's and comment's plain links navigate on the client (one listener for the page).
  useSpaLinks();
  const location = useLocation();
  const root = useRouteLoaderData<{ origin: string }>("root");
  const here = location.pathname + location.search;
  const shareOpen = new URLSearchParams(location.search).get("share") === post.id;
  const back = encodeURIComponent(location.pathname + location.search);
  // Visitors get the sign-up prompt; signed-in users who are not students here, the verify-school prompt.
  const commentPrompt = actionPromptHref(viewer, here, "comment");
  const mine = viewer?.id === post.author.id;
  // A post's own page shows a comment as its main card: the dialog follows the id.
  const report = reportOpen(location.search);
  const reportKind = report.target === post.id && (report.kind === "post" || report.kind === "comment") ? report.kind : null;
  return (
    <>
      <div className="post-actions">
        {commentPrompt ? (
          <SpaLink to={commentPrompt} className="action" preventScrollReset>
            <Icon name="comment" /> {replyLabel}
            {post.commentCount ? <span className="count">{post.commentCount}</span> : null}
          </SpaLink>
        ) : (
          <SpaLink to={`/create/comment/${post.id}?type=post&goBack=${back}`} className="action">
            <Icon name="comment" /> {replyLabel}
            {post.commentCount ? <span className="count">{post.commentCount}</span> : null}
          </SpaLink>
        )}
        <SaveButton
          action={`/post/${post.id}`}
          saved={post.saved}
          count={post.likeCount}
          returnTo={`${here}#post-${post.id}`}
          promptHref={actionPromptHref(viewer, here, "like")}
        />
        <SpaLink to={withParams(here, { share: shareOpen ? null : post.id })} className="action" preventScrollReset aria-expanded={shareOpen}>
          <Icon name="share" /> Share
        </SpaLink>
        {mine ? (
          <SpaLink to={withParams(here, { confirm: `delete-${kind}`, target: post.id })} className="action action--danger" preventScrollReset>
            Delete
          </SpaLink>
        ) : (
          <SpaLink to={viewer ? reportHref(withoutModals(here), kind, post.id) : signUpPromptHref(here, "report")} className="action" preventScrollReset>
            Report
          </SpaLink>
        )}
      </div>
      {shareOpen ? (
        <OnDemand.ShareMenu
          url={`${root?.origin ?? ""}/post/${post.id}?redirect=true`}
          title={post.text[0]?.text ?? "A post"}
          closeHref={withParams(here, { share: null })}
        />
      ) : null}
      {reportKind && viewer && !mine ? (
        <OnDemand.ReportDialog
          kind={reportKind}
          action={reportHref(`/post/${post.id}`, reportKind, post.id)}
          closeHref={withoutModals(here)}
          returnTo={withoutModals(here)}
        />
      ) : null}
    </>
  );
}
