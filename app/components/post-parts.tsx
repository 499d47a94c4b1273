// The pieces a post, a comment and a portfolio item share: the author and the
// text (their photos and videos are in post-media.tsx), and RememberedBody, by
// which the server renders a card's or a comment's body once per distinct
// input. Apart from PostCard, so pages that show only comments or avatars
// (projects, games, search, notifications) load no feed card.
import { createContext, createElement, useContext, type ComponentType } from "react";
import type { FragmentRenderer } from "~/types/fragment";
import type { AuthorView, TextBlock, TimeView } from "~/types/views";
import { VerifiedBadge } from "./icons";
import { SpaLink } from "./spa-link";
import { timeLine } from "~/utils/time-line";

/**
 * A round profile photo, or the first letter of the name when there is none;
 * either way a screen reader hears "{name}'s profile photo" (docs/product.md §17). The
 * one avatar of every page: cards, comments, messages, search, the profile
 * and its photo form.
 */
export function Avatar({ author, size = 40, lazy = true }: { author: Pick<AuthorView, "displayName" | "avatarUrl">; size?: number; lazy?: boolean }) {
  const alt = `${author.displayName}'s profile photo`;
  if (author.avatarUrl) {
    return <img className="avatar" loading={lazy ? "lazy" : undefined} alt={alt} width={size} height={size} src={author.avatarUrl} />;
  }
  return (
    <span className="avatar avatar--initial" style={{ width: size, height: size }} role="img" aria-label={alt}>
      {author.displayName.slice(0, 1)}
    </span>
  );
}

export function AuthorLine({ author, time }: { author: AuthorView; time: TimeView }) {
  return (
    <div className="author-line">
      <SpaLink to={`/${author.username}`} className="author-line__name">
        {author.displayName}
      </SpaLink>
      {author.verified ? <VerifiedBadge /> : null}
      <time dateTime={time.iso} className="muted" suppressHydrationWarning>
        {timeLine(time)}
      </time>
    </div>
  );
}

/** On a post or comment hidden by reports, as its author and the moderators see it (docs/product.md §12). */
export function HiddenNotice() {
  return <p className="hidden-notice">Hidden while we review reports</p>;
}

/** Rich text blocks as paragraphs: rendered as text, never as raw HTML (docs/product.md §6). */
export function RichText({ blocks }: { blocks: TextBlock[] }) {
  return (
    <div className="rich-text">
      {blocks.map((block, i) =>
        block.text ? <p key={i}>{block.text}</p> : <p key={i} className="rich-text__blank" aria-hidden="true" />,
      )}
    </div>
  );
}

// A repeated piece of a page (a feed's card, a comment, the feed's filter fields) whose HTML is
// the same whenever its props are: on the server its HTML is rendered once per distinct props and
// reused (docs/product.md §22); the browser renders and hydrates it as any other component,
// against the same HTML.
const FragmentRendererContext = createContext<FragmentRenderer | null>(null);

/** Given by entry.server; absent in the browser, where pieces render as usual. */
export const FragmentRendererProvider = FragmentRendererContext.Provider;

/** True while entry.server renders a page (never in the browser, hydrating or not). */
export function useServerRender(): boolean {
  return useContext(FragmentRendererContext) !== null;
}

type HostProps = Record<string, unknown>;

/**
 * `<tag {...attrs}>` around `<Body {...props} />`. On the server the body's
 * HTML is remembered under `name` and its props, so Body must be a pure
 * function of its props: it reads no context, router or clock (it is rendered
 * apart from the page, where none of them are given, and its HTML is reused
 * for whoever has the same props). `inPlace` names when it is rendered in place instead.
 */
export function RememberedBody<P extends object>({
  tag,
  attrs,
  name,
  Body,
  props,
  inPlace,
}: {
  tag: string;
  attrs: HostProps;
  name: string;
  Body: ComponentType<P>;
  props: P;
  /** Asked on the server only: true when this piece must be rendered in place (it reads more than its props). */
  inPlace?: () => boolean;
}) {
  const render = useContext(FragmentRendererContext);
  const body = createElement(Body, props);
  if (!render || inPlace?.()) return createElement(tag, attrs, body);
  const html = render(`${name}\u0000${JSON.stringify(props)}`, body);
  return createElement(tag, { ...attrs, dangerouslySetInnerHTML: { __html: html } });
}
