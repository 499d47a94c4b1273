import { eq } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema } from "~/services/db.server";
import { BANNED_EMAILS } from "../../db/banned-emails";

/** Idempotent: the built-in list plus BANNED_EMAILS from the environment. */
export async function seedBannedEmails() {
  const emails = new Set<string>([...BANNED_EMAILS, ...config().bannedEmails].map((e) => e.toLowerCase()));
  await getDb()
    .insert(schema.bannedEmails)
    .values([...emails].map((email) => ({ email })))
    .onConflictDoNothing();
}

export async function isBannedEmail(email: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ email: schema.bannedEmails.email })
    .from(schema.bannedEmails)
    .where(eq(schema.bannedEmails.email, email.trim().toLowerCase()))
    .limit(1);
  return !!row;
}
