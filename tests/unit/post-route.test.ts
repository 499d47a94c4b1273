// The /post/{id} route's loader and action, called with real Requests.
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { action, loader } from "~/routes/post.$id/route.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
let n = 0;
async function signedIn() {
  n++;
  const user = await insertUser({ campusId: "ou", firstName: `R${n}`, lastName: "T.", username: `route-${n}`, email: `route${n}@ou.edu`, verified: true, schoolVerified: true });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}
function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
async function call(request: Request, id: string) {
  try {
    return await action({ request, params: { id }, ...ctx });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(() => seed({ demo: false }));

describe("/post/{id}", () => {
  it("saves in place with JS (data) and by redirect without, with the Post saved. alert only when adding", async () => {
    const { user } = await signedIn();
    const { cookie } = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Bike" }], media: [], origin: BASE });
    const res = (await call(post(`/post/${id}`, cookie, { intent: "like", async: "1", returnTo: "/home" }), id)) as { data: unknown; init: ResponseInit | null };
    expect(res.data).toEqual({ saved: true, count: 1 });
    expect(new Headers(res.init?.headers).get("Set-Cookie")).toContain("__alert=");
    const plain = (await call(post(`/post/${id}`, cookie, { intent: "like", returnTo: "/home#post-x" }), id)) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/home#post-x");
    expect(plain.headers.get("Set-Cookie")).toBeNull(); // removing: no alert
  });

  it("refuses a delete by anyone but the author with 403", async () => {
    const { user } = await signedIn();
    const other = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Lamp" }], media: [], origin: BASE });
    const res = (await call(post(`/post/${id}`, other.cookie, { intent: "delete", returnTo: "/home" }), id)) as Response;
    expect(res.status).toBe(403);
  });

  it("sends a visitor to log in, then back", async () => {
    const { user } = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Desk" }], media: [], origin: BASE });
    const res = (await call(post(`/post/${id}`, "", { intent: "like" }), id)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });

  it("an empty comment is a 400 with the message; a good one redirects with Your reply was sent", async () => {
    const { user, cookie } = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Couch" }], media: [], origin: BASE });
    const bad = (await call(post(`/post/${id}`, cookie, { intent: "comment", text: "  " }), id)) as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toEqual({ text: ["Write something or add a photo."] });
    const good = (await call(post(`/post/${id}`, cookie, { intent: "comment", text: "Still available?" }), id)) as Response;
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toMatch(new RegExp(`^/post/${id}#post-`));
  });

  it("a missing post is a 404 and a deleted one a 410", async () => {
    const missing = (await loader({ request: new Request(`${BASE}/post/nope`), params: { id: "nope" }, ...ctx })) as { init: ResponseInit };
    expect(missing.init.status).toBe(404);
    const { user, cookie } = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Gone" }], media: [], origin: BASE });
    await call(post(`/post/${id}`, cookie, { intent: "delete", returnTo: "/home" }), id);
    const gone = (await loader({ request: new Request(`${BASE}/post/${id}`), params: { id }, ...ctx })) as { init: ResponseInit };
    expect(gone.init.status).toBe(410);
  });
});

describe("posting limits", () => {
  it("refuses comments past the per-user limit with 429, keeping the draft", async () => {
    const { user, cookie } = await signedIn();
    const { id } = await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: "Popular" }], media: [], origin: BASE });
    let last: unknown;
    for (let i = 0; i < 121; i++) last = await call(post(`/post/${id}`, cookie, { intent: "comment", text: `reply ${i}` }), id);
    const refused = last as { data: { error: Record<string, string[]>; initialValue: Record<string, unknown> }; init: ResponseInit };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error[""]).toEqual(["You're posting too fast. Please wait a few minutes and try again."]);
    expect(refused.data.initialValue.text).toBe("reply 120");
  });
});
