import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { PostView } from "~/types/views";
import { useOptionalUser, type SessionUser } from "~/utils/user";
import { reportHref, reportOpen } from "~/utils/reports";
import { signUpPromptHref } from "~/utils/url-state";
import { withoutModals, withParams } from "~/utils/url-state";
import { actionPromptHref } from "~/utils/url-state";
import { Icon } from "./icons";
import { OnDemand } from "./on-demand";
import { SpaLink, useSpaLinks } from "./spa-link";
import { SaveButton } from "./save-button";

type ActionPost = Pick<PostView, "id" | "likeCount" | "commentCount" | "saved" | "author" | "text">;

/** What every post's actions read from the page: who is reading, and the frames for their own posts and everyone else's. */
export type ActionsPage = {
  viewerId: string | null;
  mine: ActionsFrame;
  theirs: ActionsFrame;
};

const ActionsPageContext = createContext<ActionsPage | null>(null);

/** The SpaLinks' document listener, in a component of its own: a router update re-renders this, not the card around it. */
function SpaLinkListener() {
  useSpaLinks();
  return null;
}

/**
 * Reads the router once for all the post actions inside (a feed's cards): a
 * router update that leaves the viewer and the address as they were (route
 * discovery after hydration, a fetcher's state) gives the same value, so the
 * memoized cards beneath are not rendered again.
 */
export function PostActionsScope({ children }: { children: ReactNode }) {
  const viewer = useOptionalUser();
  const { pathname, search } = useLocation();
  const origin = useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
  const page = useMemo(() => {
    const here = pathname + search;
    const standing = viewer ? { schoolVerified: viewer.schoolVerified, suspension: viewer.suspension } : null;
    return { viewerId: viewer?.id ?? null, mine: { here, origin, viewer: standing, mine: true }, theirs: { here, origin, viewer: standing, mine: false } };
  }, [viewer, origin, pathname, search]);
  return (
    <ActionsPageContext.Provider value={page}>
      <SpaLinkListener />
      {children}
    </ActionsPageContext.Provider>
  );
}

/**
 * What a post's actions know of the page and its reader, as plain values: the
 * address, the site's origin, the viewer's standing (not who they are) and
 * whether the post is theirs. A card drawn from these alone is the same HTML
 * for every reader with the same (RememberedBody).
 */
export type ActionsFrame = {
  here: string;
  origin: string;
  viewer: Pick<SessionUser, "schoolVerified" | "suspension"> | null;
  mine: boolean;
};

/** The page's reader and its two frames (their own posts', everyone else's); cards and threads are drawn inside a PostActionsScope. */
export function useActionsPage(): ActionsPage {
  const page = useContext(ActionsPageContext);
  if (!page) throw new Error("Posts' actions are drawn inside a PostActionsScope");
  return page;
}

/** The frame for a post by `authorId` (one of two objects per page). */
export function useActionsFrame(authorId: string): ActionsFrame {
  const page = useActionsPage();
  return page.viewerId !== null && page.viewerId === authorId ? page.mine : page.theirs;
}

/**
 * Which of the post's dialogs the address opens and this reader is shown: its Share menu; its
 * Report dialog, to a signed-in reader who is not its author (a post's page shows a comment as its
 * main card: the dialog follows the id).
 */
function openDialogs(frame: ActionsFrame, postId: string): { shareOpen: boolean; reportKind: "post" | "comment" | null } {
  const query = frame.here.indexOf("?");
  // No query string, no dialog: most pages, and every card and comment of them.
  if (query < 0) return { shareOpen: false, reportKind: null };
  const search = frame.here.slice(query + 1);
  const report = reportOpen(search);
  const kind = report.kind === "post" || report.kind === "comment" ? report.kind : null;
  const reported = report.target === postId && frame.viewer !== null && !frame.mine;
  return { shareOpen: new URLSearchParams(search).get("share") === postId, reportKind: reported ? kind : null };
}

/** The post's Share menu or Report dialog is open: drawn with the router, not from the frame alone. */
export function actionsDialogOpen(frame: ActionsFrame, postId: string): boolean {
  const { shareOpen, reportKind } = openDialogs(frame, postId);
  return shareOpen || reportKind !== null;
}

/**
 * Comment, Save, Share and Delete (the author) or Report (anyone else), for a
 * post or a comment, drawn from the frame: nothing else is read unless a
 * dialog of this post is open. Menus, dialogs and confirmations are URL state
 * on the current page.
 */
export function PostActionsView({ post, kind, replyLabel = "Comment", frame }: { post: ActionPost; kind: "post" | "comment"; replyLabel?: string; frame: ActionsFrame }) {
  const { viewer, origin, here, mine } = frame;
  const { shareOpen, reportKind } = openDialogs(frame, post.id);
  const back = encodeURIComponent(here);
  // Visitors get the sign-up prompt; signed-in users who are not students here, the verify-school prompt.
  const commentPrompt = actionPromptHref(viewer, here, "comment");
  return (
    <>
      <div className="post-actions">
        {commentPrompt ? (
          <SpaLink to={commentPrompt} className="action" preventScrollReset>
            <Icon name="comment" />
            {` ${replyLabel}`}
            {post.commentCount ? <span className="count">{post.commentCount}</span> : null}
          </SpaLink>
        ) : (
          <SpaLink to={`/create/comment/${post.id}?type=post&goBack=${back}`} className="action">
            <Icon name="comment" />
            {` ${replyLabel}`}
            {post.commentCount ? <span className="count">{post.commentCount}</span> : null}
          </SpaLink>
        )}
        <SaveButton action={`/post/${post.id}`} saved={post.saved} count={post.likeCount} returnTo={`${here}#post-${post.id}`} promptHref={actionPromptHref(viewer, here, "like")} />
        <SpaLink to={withParams(here, { share: shareOpen ? null : post.id })} className="action" preventScrollReset aria-expanded={shareOpen}>
          <Icon name="share" /> Share
        </SpaLink>
        {mine ? (
          <SpaLink
            to={withParams(here, {
              confirm: `delete-${kind}`,
              target: post.id,
            })}
            className="action action--danger"
            preventScrollReset
          >
            Delete
          </SpaLink>
        ) : (
          <SpaLink to={viewer ? reportHref(withoutModals(here), kind, post.id) : signUpPromptHref(here, "report")} className="action" preventScrollReset>
            Report
          </SpaLink>
        )}
      </div>
      {shareOpen ? <OnDemand.ShareMenu url={`${origin}/post/${post.id}?redirect=true`} title={post.text[0]?.text ?? "A post"} closeHref={withParams(here, { share: null })} /> : null}
      {reportKind ? (
        <OnDemand.ReportDialog kind={reportKind} action={reportHref(`/post/${post.id}`, reportKind, post.id)} closeHref={withoutModals(here)} returnTo={withoutModals(here)} />
      ) : null}
    </>
  );
}
