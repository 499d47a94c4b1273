import { beforeAll, describe, expect, it } from "vitest";
import { CAMPUSES } from "~/models/campuses.server";
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from "~/models/unsubscribe.server";
import { getUserById, insertUser } from "~/models/users.server";
import { action, loader } from "~/routes/unsubscribe/route.server";
import { getDb, schema } from "~/services/db.server";

let userId = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  userId = (await insertUser({ campusId: "ou", firstName: "Sam", lastName: "N.", username: "sam-unsub", email: "sam@ou.edu" })).id;
});

const args = (request: Request) => ({ request, params: {}, context: { cspNonce: "", clientIp: "" } });

function post(token: string, fields: Record<string, string>, query = "") {
  return new Request(`http://localhost/unsubscribe${query}`, {
    method: "POST",
    body: new URLSearchParams({ token, ...fields }),
  });
}

describe("unsubscribe tokens", () => {
  it("name the user they were made for and cannot be forged", async () => {
    const token = unsubscribeToken(userId);
    expect(readUnsubscribeToken(token)).toBe(userId);
    expect(readUnsubscribeToken(`someone-else.${token.split(".").slice(1).join(".")}`)).toBeNull();
    expect(readUnsubscribeToken(`${token}x`)).toBeNull();
    expect(readUnsubscribeToken("")).toBeNull();
    expect(readUnsubscribeToken("garbage")).toBeNull();
  });

  it("make an absolute link", async () => {
    const now = Date.now();
    expect(unsubscribeUrl({ id: userId, unsubscribeVersion: 0 }, "https://utbuysell.example/", now)).toBe(
      `https://utbuysell.example/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, { now }))}`,
    );
  });
});

describe("/unsubscribe", () => {
  it("a GET shows the choice and changes nothing", async () => {
    const token = unsubscribeToken(userId);
    const res = await loader(args(new Request(`http://localhost/unsubscribe?token=${encodeURIComponent(token)}`)));
    expect(res).toMatchObject({ valid: true, email: "s•••@ou.edu", on: true });
    expect((await getUserById(userId))?.emailNotifications).toBe(true);
  });

  it("a bad token is a 400, not a 500", async () => {
    const res = await loader(args(new Request("http://localhost/unsubscribe?token=nope.nope")));
    expect(res).toMatchObject({ init: { status: 400 } });
    const posted = await action(args(post("nope.nope", { intent: "unsubscribe" })));
    expect(posted).toMatchObject({ init: { status: 400 } });
  });

  it("a POST turns notification emails off, and back on", async () => {
    const token = unsubscribeToken(userId);
    const res = (await action(args(post(token, { intent: "unsubscribe" })))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await getUserById(userId))?.emailNotifications).toBe(false);

    await action(args(post(token, { intent: "resubscribe" })));
    expect((await getUserById(userId))?.emailNotifications).toBe(true);
  });

  it("accepts a mail client's one-click unsubscribe (RFC 8058)", async () => {
    // Turning them back on (above) revoked the links of the version before.
    const token = unsubscribeToken(userId, { version: (await getUserById(userId))!.unsubscribeVersion });
    const request = new Request(`http://localhost/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    const res = (await action(args(request))) as Response;
    expect(res.status).toBe(200);
    expect((await getUserById(userId))?.emailNotifications).toBe(false);
  });
});
