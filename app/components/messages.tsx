// Private messages (docs/product.md §10): the inbox row, the conversation's item header
// and the message list (the composer is message-composer.tsx, loaded on demand).
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ConversationItemView, InboxEntryView, MessageView } from "~/types/views";
import { LISTING_UNAVAILABLE } from "~/utils/messages";
import { VerifiedBadge } from "./icons";
import { Avatar } from "./post-parts";

const STATUS_LABEL = { available: null, pending: "Pending", sold: "Sold" } as const;

/** The listing's first photo as a small square, or nothing. */
function ItemThumbnail({ item, size }: { item: ConversationItemView; size: number }) {
  const photo = item.thumbnail;
  if (!photo) return null;
  return <img className="conversation-item__thumb" loading="lazy" decoding="async" alt={photo.alt} width={size} height={size} src={photo.src} />;
}

/** What the conversation is about: the post's photo, text, price and status, linking to it. */
export function ConversationItem({ item }: { item: ConversationItemView | null }) {
  if (!item || item.unavailable) return <p className="panel conversation-item conversation-item--gone muted">{LISTING_UNAVAILABLE}</p>;
  const status = STATUS_LABEL[item.status];
  return (
    <Link to={`/post/${item.id}`} className="panel conversation-item" data-testid="conversation-item">
      <ItemThumbnail item={item} size={56} />
      <span className="conversation-item__main">
        <span className="conversation-item__text">{item.text || "A post"}</span>
        <span className="conversation-item__meta">
          {item.price !== null ? <strong>{item.price}</strong> : null}
          {status ? <span className={`status-badge status-badge--${item.status}`}>{status}</span> : null}
        </span>
      </span>
    </Link>
  );
}

/** A row of the inbox: the other person, the item, the last message and its time, unread or not. */
export function InboxRow({ entry }: { entry: InboxEntryView }) {
  return (
    <li className={`card inbox-row${entry.unread ? " inbox-row--unread" : ""}`} data-testid="conversation">
      <Avatar author={entry.other} />
      <div className="inbox-row__main">
        <p className="inbox-row__who">
          {entry.unread ? <span className="notification__new">New</span> : null}
          <Link to={`/messages/${entry.id}`} className="inbox-row__link">
            <strong>{entry.other.displayName}</strong>
            {entry.unread ? <span className="visually-hidden"> (unread)</span> : null}
          </Link>
          {entry.other.verified ? <VerifiedBadge /> : null}
        </p>
        {entry.item ? (
          <p className="inbox-row__item muted">
            {entry.item.unavailable ? LISTING_UNAVAILABLE : entry.item.text}
            {entry.item.price ? ` · ${entry.item.price}` : ""}
          </p>
        ) : null}
        <p className="inbox-row__last">{entry.lastMessage ? `${entry.lastMessage.mine ? "You: " : ""}${entry.lastMessage.text}` : "No messages yet"}</p>
        <time dateTime={entry.time.iso} className="muted" suppressHydrationWarning>
          {entry.time.ago}
        </time>
      </div>
      {entry.item ? <ItemThumbnail item={entry.item} size={48} /> : null}
    </li>
  );
}

/** The messages, oldest to newest; with JS the newest comes into view as it arrives. */
export function MessageList({ messages }: { messages: MessageView[] }) {
  const lastId = messages[messages.length - 1]?.id;
  const seen = useRef(lastId);
  const endRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (lastId && seen.current !== lastId) endRef.current?.scrollIntoView({ block: "nearest" });
    seen.current = lastId;
  }, [lastId]);
  if (messages.length === 0) return <p className="muted conversation__empty">No messages yet. Say hello and ask about the item.</p>;
  return (
    <ol className="message-list" aria-label="Messages" aria-live="polite" aria-relevant="additions">
      {messages.map((m, i) => (
        <li key={m.id} className={`message${m.mine ? " message--mine" : ""}`} data-testid="message" ref={i === messages.length - 1 ? endRef : undefined}>
          <Avatar author={m.sender} size={32} />
          <div className="message__body">
            <p className="message__meta">
              <Link to={`/${m.sender.username}`} className="message__sender">
                {m.sender.displayName}
              </Link>{" "}
              <time dateTime={m.time.iso} className="muted" suppressHydrationWarning>
                {m.time.ago}
              </time>
            </p>
            <p className="message__text">{m.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
