// Reports about users (§6): a signed-in user reports another profile.
import { and, eq } from "drizzle-orm";
import { getDb, newId, schema } from "~/services/db.server";

export const USER_REPORTED = "User Reported. Thanks for letting us know.";

export class ReportError extends Error {}

/**
 * Records a report. Reporting yourself is refused; reporting the same user
 * again keeps the first report (one per reporter and user).
 */
export async function reportUser(input: { reporterId: string; reportedUserId: string; reason?: string | null }): Promise<{ created: boolean }> {
  if (input.reporterId === input.reportedUserId) throw new ReportError("You cannot report yourself.");
  const db = getDb();
  const [existing] = await db
    .select({ id: schema.reports.id })
    .from(schema.reports)
    .where(and(eq(schema.reports.reporterId, input.reporterId), eq(schema.reports.reportedUserId, input.reportedUserId)))
    .limit(1);
  if (existing) return { created: false };
  await db.insert(schema.reports)
    .values({ id: newId(), reporterId: input.reporterId, reportedUserId: input.reportedUserId, reason: input.reason?.slice(0, 500) || null });
  return { created: true };
}
