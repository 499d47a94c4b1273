// /project/{id}, /game/{id} and the Contact Me / Feedback panels, called with real Requests.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_MESSAGES } from "~/models/contact.server";
import { getUserByUsername, insertUser } from "~/models/users.server";
import * as gameRoute from "~/routes/game.$id/route";
import * as moreRoute from "~/routes/more.$panel/route.server";
import * as projectRoute from "~/routes/project.$id/route";
import { readAlert } from "~/services/alerts.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.9" } };
let n = 0;
async function signedIn() {
  n++;
  const user = await insertUser({ campusId: "ou", firstName: `Q${n}`, lastName: "T.", username: `proute-${n}`, email: `proute${n}@ou.edu`, verified: true, schoolVerified: true });
  return { user, cookie: (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]! };
}
async function ownerCookie() {
  return (await createSessionCookie(new Request("http://localhost/"), (await getUserByUsername("owner"))!.id)).split(";")[0]!;
}
function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}
type Route = typeof projectRoute | typeof gameRoute;
async function act(route: Route, request: Request, id: string) {
  try {
    return await route.action({ request, params: { id }, ...ctx });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
type LoaderResult = { data?: { status: string; show: string; readme: string | null; comments: unknown[]; canDelete: boolean }; init?: ResponseInit } & {
  status?: string;
  show?: string;
  readme?: string | null;
  comments?: unknown[];
  canDelete?: boolean;
  item?: { owner: { firstName: string } } | null;
};
async function load(route: Route, path: string, id: string, cookie = "") {
  return (await route.loader({ request: new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), params: { id }, ...ctx })) as LoaderResult;
}
async function alertOf(res: Response) {
  const cookie = res.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readAlert(new Request(BASE, { headers: { Cookie: cookie } }))).alert?.message;
}

beforeAll(() => seed({ demo: false }));

describe("/project/{id} and /game/{id} loaders", () => {
  it("the about tab (default) carries the readme; ?show=comments the thread instead", async () => {
    const about = await load(projectRoute, "/project/trivia-api", "trivia-api");
    expect(about.status).toBe("ok");
    expect(about.show).toBe("about");
    expect(about.readme).toContain("<h2>What it is</h2>");
    expect(about.item?.owner.firstName).toBe("Jordan");
    const comments = await load(projectRoute, "/project/trivia-api?show=comments", "trivia-api");
    expect(comments.show).toBe("comments");
    expect(comments.readme).toBeNull();
    expect(comments.comments).toEqual([]);
    for (const id of ["snake", "tic-tac-toe", "memory-match", "brick-breaker", "word-guess"]) {
      expect((await load(gameRoute, `/game/${id}`, id)).readme).toMatch(/<h2>/);
    }
  });

  it("a missing id is a 404; Delete is offered to the owner only", async () => {
    const missing = await load(projectRoute, "/project/nope", "nope");
    expect(missing.init?.status).toBe(404);
    expect(missing.data?.status).toBe("missing");
    const { cookie } = await signedIn();
    expect((await load(gameRoute, "/game/snake", "snake", cookie)).canDelete).toBe(false);
    expect((await load(gameRoute, "/game/snake", "snake", await ownerCookie())).canDelete).toBe(true);
  });
});

describe("/project/{id} and /game/{id} actions", () => {
  it("Save says project saved. / Game saved. only when adding, in place with JS and by redirect without", async () => {
    const { cookie } = await signedIn();
    const res = (await act(projectRoute, post("/project/face-detection", cookie, { intent: "like", async: "1", returnTo: "/project/face-detection" }), "face-detection")) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(res.data).toEqual({ saved: true, count: 1 });
    const alertCookie = new Headers(res.init.headers).get("Set-Cookie")!.split(";")[0]!;
    expect((await readAlert(new Request(BASE, { headers: { Cookie: alertCookie } }))).alert?.message).toBe("project saved.");
    const off = (await act(projectRoute, post("/project/face-detection", cookie, { intent: "like", returnTo: "/project/face-detection?show=comments" }), "face-detection")) as Response;
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/project/face-detection?show=comments");
    expect(off.headers.get("Set-Cookie")).toBeNull();
    const game = (await act(gameRoute, post("/game/snake", cookie, { intent: "like", returnTo: "/game/snake" }), "snake")) as Response;
    expect(await alertOf(game)).toBe("Game saved.");
    expect((await load(gameRoute, "/game/snake", "snake", cookie)).status).toBe("ok");
  });

  it("a visitor is sent to log in", async () => {
    const res = (await act(gameRoute, post("/game/snake", "", { intent: "like" }), "snake")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });

  it("an empty comment is a 400 with the message; a good one lands on the comments tab", async () => {
    const { cookie } = await signedIn();
    const bad = (await act(gameRoute, post("/game/memory-match?show=comments", cookie, { intent: "comment", text: " " }), "memory-match")) as {
      data: { error: Record<string, string[]> };
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toEqual({ text: ["Write something or add a photo."] });
    const good = (await act(gameRoute, post("/game/memory-match?show=comments", cookie, { intent: "comment", text: "Beat it in 12 moves" }), "memory-match")) as Response;
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toMatch(/^\/game\/memory-match\?show=comments#post-/);
    expect(await alertOf(good)).toBe("Your reply was sent");
    const page = await load(gameRoute, "/game/memory-match?show=comments", "memory-match");
    expect(page.comments).toHaveLength(1);
  });

  it("Delete: 403 for anyone but the owner; the owner's goes to their profile with Your project was deleted, then the page is a 410", async () => {
    const { cookie } = await signedIn();
    const refused = (await act(projectRoute, post("/project/color-tracker", cookie, { intent: "delete" }), "color-tracker")) as Response;
    expect(refused.status).toBe(403);
    const owner = await ownerCookie();
    const done = (await act(projectRoute, post("/project/color-tracker", owner, { intent: "delete", returnTo: "" }), "color-tracker")) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/owner?show=projects");
    expect(await alertOf(done)).toBe("Your project was deleted");
    const gone = await load(projectRoute, "/project/color-tracker", "color-tracker");
    expect(gone.init?.status).toBe(410);
    expect(gone.data?.status).toBe("deleted");
    const game = (await act(gameRoute, post("/game/word-guess", owner, { intent: "delete" }), "word-guess")) as Response;
    expect(await alertOf(game)).toBe("Your game was deleted");
    // Again: already deleted.
    const again = (await act(gameRoute, post("/game/word-guess", owner, { intent: "delete" }), "word-guess")) as Response;
    expect(await alertOf(again)).toBe("Sorry, that game has been deleted.");
    // Survives a restart (the seed runs at every start).
    await seed({ demo: false });
    expect((await load(gameRoute, "/game/word-guess", "word-guess")).init?.status).toBe(410);
  });
});

describe("Contact Me and Feedback", () => {
  async function send(panel: string, fields: Record<string, string>, clientIp = "10.0.0.1") {
    try {
      return await moreRoute.action({ request: post(`/more/${panel}`, "", fields), params: { panel }, context: { cspNonce: "", clientIp } });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }
  const toOwner = async () => await getDb().select().from(schema.mail).where(eq(schema.mail.to, "owner@example.com"));

  it("queues the message for the owner and says Email sent.", async () => {
    const before = (await toOwner()).length;
    const res = (await send("feedback", { email: "fan@ou.edu", message: "Love the <b>games</b>" })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/more/feedback");
    expect(await alertOf(res)).toBe("Email sent.");
    const mail = (await toOwner());
    expect(mail).toHaveLength(before + 1);
    const last = mail.find((m) => m.subject === "Feedback from fan@ou.edu")!;
    expect(last.kind).toBe("feedback");
    expect(last.html).toContain("Love the &lt;b&gt;games&lt;/b&gt;");
  });

  it("refuses bad input with the field's message, keeping what was typed", async () => {
    const res = (await send("help", { email: "not-an-email", message: "Hi" })) as { data: { error: Record<string, string[]>; initialValue: Record<string, string> }; init: ResponseInit };
    expect(res.init.status).toBe(400);
    expect(Object.keys(res.data.error)).toEqual(["email"]);
    expect(res.data.initialValue).toMatchObject({ email: "not-an-email", message: "Hi" });
  });

  it("limits messages per sender address (5 an hour), with a clear message and nothing queued", async () => {
    for (let i = 0; i < 5; i++) expect(((await send("help", { email: "chatty@ou.edu", message: `Message ${i}` })) as Response).status).toBe(302);
    const before = (await toOwner()).length;
    const refused = (await send("help", { email: "Chatty@ou.edu", message: "One more" })) as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error[""]).toEqual([TOO_MANY_MESSAGES]);
    expect(await toOwner()).toHaveLength(before);
  });

  it("limits messages per network (100 an hour)", async () => {
    for (let i = 0; i < 100; i++) await send("help", { email: `sender${i}@ou.edu`, message: "Hi" }, "10.9.9.9");
    const refused = (await send("help", { email: "fresh@ou.edu", message: "Hi" }, "10.9.9.9")) as { init: ResponseInit };
    expect(refused.init.status).toBe(429);
  });
});
