import { eq } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema } from "~/services/db.server";
import { BANNED_EMAILS } from "../../db/banned-emails";

/** Idempotent: the built-in list plus BANNED_EMAILS from the environment. */
export function seedBannedEmails() {
  const emails = new Set<string>([...BANNED_EMAILS, ...config().bannedEmails].map((e) => e.toLowerCase()));
  const db = getDb();
  for (const email of emails) db.insert(schema.bannedEmails).values({ email }).onConflictDoNothing().run();
}

export function isBannedEmail(email: string): boolean {
  return !!getDb()
    .select({ email: schema.bannedEmails.email })
    .from(schema.bannedEmails)
    .where(eq(schema.bannedEmails.email, email.trim().toLowerCase()))
    .get();
}
