import { beforeAll, expect, it } from "vitest";
import { CAMPUSES } from "~/models/campuses.server";
import { listUnsubscribeHeaders, readUnsubscribeToken } from "~/models/unsubscribe.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";

process.env.PUBLIC_URL = "https://campusbuysell.example";
let userId = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  userId = (await insertUser({ campusId: "ou", firstName: "Lee", lastName: "K.", username: "leek", email: "lee@ou.edu" })).id;
});

it("notification emails to a user carry one-click List-Unsubscribe headers", async () => {
  const headers = (await listUnsubscribeHeaders("Lee@OU.edu", "comment"))!;
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const url = new URL(headers["List-Unsubscribe"]!.replace(/^<|>$/g, ""));
  expect(url.origin + url.pathname).toBe("https://campusbuysell.example/unsubscribe");
  expect(readUnsubscribeToken(url.searchParams.get("token"))).toBe(userId);
});

it("other emails, and mail to strangers, carry none", async () => {
  expect(await listUnsubscribeHeaders("lee@ou.edu", "password reset")).toBeUndefined();
  expect(await listUnsubscribeHeaders("nobody@ou.edu", "like")).toBeUndefined();
});
