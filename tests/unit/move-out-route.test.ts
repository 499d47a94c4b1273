// /moderation/move-out, called with real Requests: the owner adds and removes a
// campus's move-out weeks; a student, a moderator's peer or a visitor gets the
// not-found page for the page and its posts, and nothing changes.
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/flows/seed.server";
import { listMoveOutWeeks } from "~/models/move-out.server";
import { getUserByUsername, insertUser } from "~/models/users.server";
import * as route from "~/routes/moderation_.move-out/route.server";
import { readAlert } from "~/services/alerts.server";
import { createSessionCookie } from "~/services/session.server";

const BASE = "http://localhost:3000";
const ctx = { params: {}, context: { cspNonce: "", clientIp: "127.0.0.10" } };
const cookieOf = async (userId: string) => (await createSessionCookie(new Request(BASE), userId)).split(";")[0]!;
const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${BASE}/moderation/move-out`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
async function answer(run: () => Promise<unknown>): Promise<Response | unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
async function alertOf(res: Response) {
  const cookie = res.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readAlert(new Request(BASE, { headers: { Cookie: cookie } }))).alert?.message;
}

let owner = "";
let student = "";
beforeAll(async () => {
  await seed({ demo: false });
  owner = await cookieOf((await getUserByUsername("owner"))!.id);
  student = await cookieOf((await insertUser({ campusId: "ou", firstName: "Mo", lastName: "V.", username: "moveout-route", email: "moveout-route@ou.edu", verified: true, schoolVerified: true })).id);
});

describe("/moderation/move-out", () => {
  it("is the not-found page for a visitor and a student, who change nothing", async () => {
    const before = await listMoveOutWeeks("uf");
    for (const cookie of ["", student]) {
      const page = (await answer(() => route.loader({ request: new Request(`${BASE}/moderation/move-out`, { headers: { Cookie: cookie } }), ...ctx }))) as Response;
      expect(page.status).toBe(404);
      const added = (await answer(() => route.action({ request: post(cookie, { campus: "uf", startsOn: "2026-12-01", endsOn: "2026-12-07" }), ...ctx }))) as Response;
      expect(added.status).toBe(404);
    }
    expect(await listMoveOutWeeks("uf")).toEqual(before);
  });

  it("lets the owner add weeks to any campus, refuses a backwards range, and removes them", async () => {
    const loaded = (await route.loader({ request: new Request(`${BASE}/moderation/move-out`, { headers: { Cookie: owner } }), ...ctx })) as { data: { campuses: { id: string }[] } };
    expect(loaded.data.campuses.map((c) => c.id)).toContain("uf");
    const added = (await route.action({ request: post(owner, { campus: "uf", startsOn: "2026-12-01", endsOn: "2026-12-07" }), ...ctx })) as Response;
    expect(added.status).toBe(302);
    expect(await alertOf(added)).toBe("Move-out weeks added.");
    const week = (await listMoveOutWeeks("uf")).find((w) => w.startsOn === "2026-12-01");
    expect(week?.endsOn).toBe("2026-12-07");
    const backwards = (await route.action({ request: post(owner, { campus: "uf", startsOn: "2026-12-09", endsOn: "2026-12-08" }), ...ctx })) as Response;
    expect(await alertOf(backwards)).not.toBe("Move-out weeks added.");
    const unknown = (await answer(() => route.action({ request: post(owner, { campus: "nowhere", startsOn: "2026-12-01", endsOn: "2026-12-07" }), ...ctx }))) as Response;
    expect(unknown.status).toBe(400);
    const removed = (await route.action({ request: post(owner, { campus: "uf", intent: "remove", id: week!.id }), ...ctx })) as Response;
    expect(await alertOf(removed)).toBe("Move-out weeks removed.");
    expect((await listMoveOutWeeks("uf")).some((w) => w.startsOn === "2026-12-01")).toBe(false);
  });
});
