// Reports about users (§6): a signed-in user reports another profile.
import { and, eq } from "drizzle-orm";
import { getDb, newId, schema } from "~/services/db.server";

export const USER_REPORTED = "User Reported. Thanks for letting us know.";

export class ReportError extends Error {}

/**
 * Records a report, of a profile or (with `chatId`) of a conversation, kept
 * with it for the owner's review. Reporting yourself is refused; reporting the
 * same user (or conversation) again keeps the first report.
 */
export async function reportUser(input: { reporterId: string; reportedUserId: string; reason?: string | null; chatId?: string | null }): Promise<{ created: boolean }> {
  if (input.reporterId === input.reportedUserId) throw new ReportError("You cannot report yourself.");
  const db = getDb();
  const [existing] = await db
    .select({ id: schema.reports.id })
    .from(schema.reports)
    .where(
      and(
        eq(schema.reports.reporterId, input.reporterId),
        eq(schema.reports.reportedUserId, input.reportedUserId),
        eq(schema.reports.targetType, input.chatId ? "chat" : "user"),
        eq(schema.reports.targetId, input.chatId ?? input.reportedUserId),
      ),
    )
    .limit(1);
  if (existing) return { created: false };
  await db.insert(schema.reports)
    .values({
      id: newId(),
      reporterId: input.reporterId,
      reportedUserId: input.reportedUserId,
      targetType: input.chatId ? "chat" : "user",
      targetId: input.chatId ?? input.reportedUserId,
      chatId: input.chatId ?? null,
      reason: "other",
      note: input.reason?.slice(0, 500) || null,
    });
  return { created: true };
}
