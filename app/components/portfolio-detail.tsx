import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import type { PortfolioItemView } from "~/types/views";
import type { CommentNode } from "~/types/views";
import { withoutModals, withParams } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";
import { CommentThread, MoreComments } from "./comment-thread";
import { DeleteFromUrl } from "./delete-from-url";
import { OnDemand } from "./on-demand";
import { useSpaLinks } from "./spa-link";
import { DoesNotExist } from "./not-found";
import { PostActionsScope } from "./post-actions";
import { MediaGallery } from "./post-media";
import { SaveButton } from "./save-button";

type Kind = PortfolioItemView["kind"];

export type PortfolioPageData = {
  status: "ok" | "missing" | "deleted";
  kind: Kind;
  show: "about" | "comments";
  item: PortfolioItemView | null;
  readme: string | null;
  comments: CommentNode[];
  /** Where the next page of comments starts (?comments=), if there is one. */
  nextComments: string | null;
  canDelete: boolean;
};

const NOUN = { project: "project", game: "game" } as const;

/** The header title (docs/product.md §2): "{first name}'s project" / "{first name}'s game". */
export function portfolioTitle(data: unknown, kind: Kind): string {
  const first = (data as Partial<PortfolioPageData> | undefined)?.item?.owner.firstName;
  return first ? `${first}'s ${NOUN[kind]}` : kind === "project" ? "Project" : "Game";
}

/** Opens in a new tab without giving the other page a handle on this one. */
function NewTabLink({ href, children, primary }: { href: string; children: string; primary?: boolean }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`button${primary ? " button--primary" : ""}`}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** /project/{id} and /game/{id}: the item, its About (readme) and Comments tabs. */
export function PortfolioDetail({ data, lastResult }: { data: PortfolioPageData; lastResult?: SubmissionResult<string[]> | null }) {
  // The save prompt's and comments' plain links navigate on the client.
  useSpaLinks();
  const viewer = useOptionalUser();
  const location = useLocation();
  const { item, kind, show } = data;
  if (data.status === "missing" || !item) {
    if (data.status === "deleted") {
      return <p className="panel empty-state">{kind === "game" ? "Sorry, that game has been deleted." : "Sorry, that project has been deleted."}</p>;
    }
    return <DoesNotExist />;
  }
  const page = `/${kind}/${item.id}`;
  const here = withoutModals(location.pathname + location.search);
  const confirming = new URLSearchParams(location.search).get("confirm") === `delete-${kind}`;
  const tabs = [
    { id: "about", label: "About", href: `${page}?show=about` },
    { id: "comments", label: "Comments", href: `${page}?show=comments`, count: item.commentCount },
  ] as const;
  const createComment =
    actionPromptHref(viewer, here, kind === "game" ? "game-comment" : "project-comment") ??
    `/create/comment/${item.id}?type=${kind}&goBack=${encodeURIComponent(`${page}?show=comments`)}`;

  return (
    <article className="portfolio-detail stack" aria-labelledby="item-title">
      <header className="panel portfolio-detail__head">
        {item.bannerImg ? <img className="portfolio-detail__banner" src={item.bannerImg} alt="" width="1200" height="300" /> : null}
        <div className="portfolio-detail__intro">
          {item.iconLink ? <img className="portfolio-detail__icon" src={item.iconLink} alt="" width="64" height="64" /> : null}
          <div>
            <h2 id="item-title" className="portfolio-detail__title">
              {item.title}
            </h2>
            <p className="muted">{item.shortDescription}</p>
          </div>
        </div>
        <div className="button-row portfolio-detail__actions">
          {item.gameLink ? (
            <NewTabLink href={item.gameLink} primary>
              Play Game
            </NewTabLink>
          ) : null}
          {item.githubLink ? <NewTabLink href={item.githubLink}>View Github</NewTabLink> : null}
          {item.viewLink ? (
            <NewTabLink href={item.viewLink} primary>
              View Project
            </NewTabLink>
          ) : null}
          <SaveButton
            action={page}
            saved={item.saved}
            count={item.likeCount}
            returnTo={here}
            promptHref={actionPromptHref(viewer, here, kind === "game" ? "game-like" : "project-like")}
          />
          {data.canDelete ? (
            <Link to={withParams(here, { confirm: `delete-${kind}` })} className="action action--danger" preventScrollReset>
              Delete
            </Link>
          ) : null}
        </div>
        <MediaGallery media={item.gallery} />
      </header>

      <nav className="tabs" aria-label={`${kind === "game" ? "Game" : "Project"} sections`}>
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.href}
            className="tabs__tab"
            aria-current={show === tab.id ? "page" : undefined}
            preventScrollReset
            replace
          >
            {tab.label}
            {"count" in tab && tab.count ? <span className="count">{tab.count}</span> : null}
          </Link>
        ))}
      </nav>

      {show === "about" ? (
        <section className="panel" aria-label="About">
          {data.readme !== null ? (
            <div className="prose" data-testid="readme" dangerouslySetInnerHTML={{ __html: data.readme }} />
          ) : (
            <p className="muted">The write-up for this {NOUN[kind]} is not available right now.</p>
          )}
        </section>
      ) : (
        <section className="panel" aria-labelledby="comments-title" id="comments">
          <h3 id="comments-title" className="section-title">
            Comments
          </h3>
          <OnDemand.CommentBox action={`${page}?show=comments`} lastResult={lastResult} visitorReason={kind === "game" ? "game-comment" : "project-comment"} untilInteraction={!lastResult} />
          {data.comments.length ? (
            <>
              <PostActionsScope>
                <CommentThread comments={data.comments} />
              </PostActionsScope>
              {data.nextComments ? <MoreComments href={`${page}?show=comments&comments=${data.nextComments}#comments`} /> : null}
            </>
          ) : (
            <div className="empty-state" data-testid="comments-empty">
              <p className="empty-state__title">Be the first to comment</p>
              <p>Add your thoughts and get the conversation started.</p>
              <Link to={createComment} className="button button--primary" preventScrollReset={!viewer}>
                Create A Comment
              </Link>
            </div>
          )}
        </section>
      )}

      {/* Deleting a comment comes back here. */}
      <DeleteFromUrl />
      {confirming && data.canDelete ? <OnDemand.ConfirmDelete kind={kind} action={page} closeHref={here} returnTo="" /> : null}
    </article>
  );
}
