// What every page's navigation shows about the signed-in user (the root loader,
// app/root.server.ts): who they are on this campus, and their unread and
// open-report counts, in as few statements as the data allows.
import type { Campus } from "~/models/campuses.server";
import { unreadCounts } from "~/models/messages.server";
import { countOpenReportedItems } from "~/models/moderation.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { suspensionMessage } from "~/models/suspensions.server";
import { isModerator, sessionUserView } from "~/models/users.server";
import type { User } from "~/services/session.server";

type UnreadCounts = { notifications: number; conversations: number };

/** The conversation a page shows (`/messages/{id}`), which it marks read as it shows it: left out of the navigation's count. */
export function conversationShown(pathname: string): string | null {
  return /^\/messages\/([\w-]+)$/.exec(pathname)?.[1] ?? null;
}

/**
 * `sessionUser`: the session's user, verified or not (a pending one browses as
 * a visitor); `pathname`: the page shown; `unread`: the counts when they were
 * read with the session (app/http/navigation), else counted here.
 */
export async function layoutView({ campus, sessionUser, pathname, unread: counted = null }: { campus: Campus; sessionUser: User | null; pathname: string; unread?: UnreadCounts | null }) {
  const user = sessionUser?.verified ? sessionUser : null;
  const [unread, openReports, schoolVerified] = user
    ? await Promise.all([
        counted ?? unreadCounts(user.id, conversationShown(pathname)),
        // Reported items waiting for review, beside Moderation: one query, for moderators only.
        isModerator(user) ? countOpenReportedItems() : 0,
        isSchoolVerifiedOn(user, campus.id),
      ])
    : [null, 0, false];
  return {
    user: user ? sessionUserView(user, schoolVerified, suspensionMessage(user, campus.timeZone)) : null,
    pending: sessionUser && !user ? { username: sessionUser.username } : null,
    // The notifications page marks them all read as it shows them.
    unreadNotifications: unread && pathname !== "/notifications" ? unread.notifications : 0,
    unreadMessages: unread?.conversations ?? 0,
    openReports,
  };
}
