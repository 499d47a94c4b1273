// The review queue's pieces (/moderation): one reported item's entry, and the
// confirmation its buttons open as URL state (?confirm=…&target=…).
import { starsLabel } from "~/utils/reviews";
import { Form, Link } from "@remix-run/react";
import type { ModerationConfirmView, ModerationEntryView, ReportedItemView } from "~/types/moderation";
import type { AuthorView } from "~/types/views";
import { withParams } from "~/utils/url-state";
import { ConfirmActions, Dialog } from "./dialog";
import { VerifiedBadge } from "./icons";
import { Avatar, HiddenNotice, RichText } from "./post-parts";
import { MediaPreview } from "./post-media";
import { useSpaLinks } from "./spa-link";
import { timeLine } from "~/utils/time-line";

const HEADING = { post: "Reported post", comment: "Reported comment", user: "Reported profile", chat: "Reported conversation", review: "Reported review" } as const;
const STATUS = { available: "Available", pending: "Pending", sold: "Sold" } as Record<string, string>;

function Person({ person }: { person: AuthorView }) {
  return (
    <Link to={`/${person.username}`} className="moderation__person">
      {person.displayName}
      {person.verified ? <VerifiedBadge /> : null}
    </Link>
  );
}

function ItemPreview({ item }: { item: ReportedItemView }) {
  if (!item.exists) {
    return <p className="muted">{item.kind === "chat" ? "No messages." : "This has been deleted."}</p>;
  }
  switch (item.kind) {
    case "post":
      return (
        <div className="moderation__item">
          {item.hidden ? <HiddenNotice /> : null}
          <p className="moderation__excerpt">{item.excerpt || <span className="muted">(no text)</span>}</p>
          {item.media.length ? <MediaPreview media={item.media} postId={item.href.slice("/post/".length)} /> : null}
          {item.price ? (
            <p>
              <strong>{item.price}</strong>
              {item.status ? ` · ${STATUS[item.status] ?? item.status}` : null}
            </p>
          ) : null}
          <Link to={item.href}>Open the post</Link>
        </div>
      );
    case "comment":
      return (
        <div className="moderation__item">
          {item.hidden ? <HiddenNotice /> : null}
          <div className="moderation__excerpt">
            <RichText blocks={item.text} />
          </div>
          <Link to={item.threadHref ?? item.href}>Open its thread</Link>
        </div>
      );
    case "review":
      return (
        <div className="moderation__item">
          {item.removed ? <p className="moderation__hidden">Removed</p> : null}
          <p>{starsLabel(item.rating)}</p>
          {item.text ? <p className="moderation__excerpt">{item.text}</p> : null}
          <Link to={item.href}>Open the reviews</Link>
        </div>
      );
    case "user":
      return item.profile ? (
        <div className="moderation__item moderation__profile">
          <Avatar author={item.profile} size={48} />
          <span>
            <Link to={item.href}>{item.profile.displayName}</Link> <span className="muted">@{item.profile.username}</span>
            {item.hidden ? <span className="moderation__hidden"> · Hidden from people search</span> : null}
          </span>
        </div>
      ) : null;
    case "chat":
      return (
        <ol className="moderation__messages" aria-label="Last messages">
          {item.messages.map((m) => (
            <li key={m.id}>
              <Person person={m.sender} />{" "}
              <time dateTime={m.time.iso} className="muted" suppressHydrationWarning>
                {m.time.ago}
              </time>
              <p className="moderation__message">{m.text}</p>
            </li>
          ))}
        </ol>
      );
  }
}

/** Make moderator / Remove moderator beside a person (the owner only, never for the owner). */
function ModeratorLink({ here, entry, person, isModerator, isOwner }: { here: string; entry: ModerationEntryView; person: AuthorView; isModerator: boolean; isOwner: boolean }) {
  if (isOwner) return null;
  const intent = isModerator ? "remove-moderator" : "make-moderator";
  return (
    <Link
      to={withParams(here, { confirm: intent, target: entry.id, user: person.id })}
      className="button button--small"
      preventScrollReset
      aria-label={`${isModerator ? "Remove moderator" : "Make moderator"}: ${person.displayName}`}
    >
      {isModerator ? "Remove moderator" : "Make moderator"}
    </Link>
  );
}

/** One reported item: the item, its author's history, the reports, the actions, and what was done before. */
export function ModerationEntry({
  entry,
  here,
  cursor,
  viewerIsOwner,
  reasons,
}: {
  entry: ModerationEntryView;
  /** The queue page this entry is on (its confirmations open on it). */
  here: string;
  /** That page's cursor, kept by the Suspend form. */
  cursor: string | null;
  viewerIsOwner: boolean;
  reasons: { id: string; label: string }[];
}) {
  // The item's photo preview is a plain link.
  useSpaLinks();
  const titleId = `entry-${entry.targetType}-${entry.targetId}`;
  const author = entry.author;
  const removable = (entry.item.kind === "post" || entry.item.kind === "comment" || (entry.item.kind === "review" && !entry.item.removed)) && entry.item.exists;
  const suspendable = !!author && !author.isOwner && (!author.isModerator || viewerIsOwner);
  const count = entry.reports.length;
  return (
    <li className="panel moderation__entry" aria-labelledby={titleId} data-testid="moderation-entry" data-target={entry.id}>
      <h2 id={titleId} className="moderation__title">
        {HEADING[entry.targetType]}
        <span className="muted">
          {" "}
          · {count} {count === 1 ? "report" : "reports"} · latest{" "}
          <time dateTime={entry.latest.iso} suppressHydrationWarning>
            {entry.latest.ago}
          </time>
        </span>
      </h2>
      <ItemPreview item={entry.item} />

      {author ? (
        <section className="moderation__section" aria-label="Author">
          <h3 className="moderation__subtitle">Author</h3>
          <p className="moderation__line">
            <Avatar author={author.user} size={32} />
            <Person person={author.user} />
            {author.isOwner ? <span className="muted">(owner)</span> : author.isModerator ? <span className="muted">(moderator)</span> : null}
            {viewerIsOwner ? <ModeratorLink here={here} entry={entry} person={author.user} isModerator={author.isModerator} isOwner={author.isOwner} /> : null}
          </p>
          <ul className="moderation__facts">
            <li>Account age: {author.accountAge}</li>
            <li>Earlier upheld reports: {author.upheldCount}</li>
            <li>{author.suspension ?? "Not suspended"}</li>
          </ul>
        </section>
      ) : null}

      <section className="moderation__section" aria-label="Reports">
        <h3 className="moderation__subtitle">Reports</h3>
        <ul className="moderation__reports">
          {entry.reports.map((r) => (
            <li key={r.id} data-testid="report">
              <p className="moderation__line">
                <Person person={r.reporter} />
                <strong>{r.reason}</strong>
                <time dateTime={r.time.iso} className="muted" suppressHydrationWarning>
                  {r.time.ago}
                </time>
                {viewerIsOwner ? <ModeratorLink here={here} entry={entry} person={r.reporter} isModerator={r.reporterIsModerator} isOwner={r.reporterIsOwner} /> : null}
              </p>
              {r.note ? <p className="moderation__note">{r.note}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <div className="button-row moderation__actions">
        <Link to={withParams(here, { confirm: "dismiss", target: entry.id })} className="button" preventScrollReset>
          Dismiss
        </Link>
        {removable ? (
          <Link to={withParams(here, { confirm: "remove", target: entry.id })} className="button button--danger" preventScrollReset>
            Remove item
          </Link>
        ) : null}
        {author?.suspension && suspendable ? (
          <Link to={withParams(here, { confirm: "unsuspend", target: entry.id })} className="button" preventScrollReset>
            Lift suspension
          </Link>
        ) : null}
      </div>
      {suspendable ? (
        <Form method="get" action="/moderation" className="moderation__suspend" preventScrollReset aria-label={`Suspend ${author.user.displayName}`}>
          {cursor ? <input type="hidden" name="cursor" value={cursor} /> : null}
          <input type="hidden" name="confirm" value="suspend" />
          <input type="hidden" name="target" value={entry.id} />
          <div className="field">
            <label htmlFor={`${titleId}-duration`}>Suspend for</label>
            <select id={`${titleId}-duration`} name="duration" defaultValue="7d">
              <option value="7d">7 days</option>
              <option value="permanent">Permanently</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${titleId}-reason`}>Reason</label>
            <select id={`${titleId}-reason`} name="reason" defaultValue={entry.topReasonId}>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--danger">
            Suspend author
          </button>
        </Form>
      ) : null}

      {entry.actions.length ? (
        <section className="moderation__section" aria-label="Actions taken">
          <h3 className="moderation__subtitle">Actions taken</h3>
          <ol className="moderation__history">
            {entry.actions.map((a) => (
              <li key={a.id} data-testid="moderation-action">
                {a.moderator ? <Person person={a.moderator} /> : <span>A former moderator</span>}: {a.text}{" "}
                <time dateTime={a.time.iso} className="muted" suppressHydrationWarning>
                  {`· ${timeLine(a.time)}`}
                </time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </li>
  );
}

/** The confirmation the URL asks for: its form posts to /moderation, Cancel goes back to the queue. */
export function ModerationConfirm({ confirm, cancelHref }: { confirm: ModerationConfirmView | null; cancelHref: string }) {
  if (!confirm) return null;
  return (
    <Dialog title={confirm.title} id="confirm-moderation" closeHref={cancelHref} description={confirm.text} alert>
      <ConfirmActions action="/moderation" fields={confirm.fields} label={confirm.label} tone={confirm.tone} cancelHref={cancelHref} />
    </Dialog>
  );
}
