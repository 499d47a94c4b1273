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

/** `sessionUser`: the session's user, verified or not (a pending one browses as a visitor); `pathname`: the page shown. */
export async function layoutView({ campus, sessionUser, pathname }: { campus: Campus; sessionUser: User | null; pathname: string }) {
  const user = sessionUser?.verified ? sessionUser : null;
  // A conversation's page marks it read as it shows it: it is left out of the count.
  const [unread, openReports, schoolVerified] = user
    ? await Promise.all([
        unreadCounts(user.id, /^\/messages\/([\w-]+)$/.exec(pathname)?.[1]),
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
