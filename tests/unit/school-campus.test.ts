// School verification is per campus (docs/product.md §4): posting, commenting
// and saving need a verified school email of the campus whose site the request
// came to. A student verified at OU cannot act on the UT site by sending the
// request there; the general Campus takes any school's domain.
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/models/posts.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { insertUser } from "~/models/users.server";
import { action as createCommentAction, loader as createCommentLoader } from "~/routes/create.comment.$id/route.server";
import { action as createPostAction, loader as createPostLoader } from "~/routes/create.post/route.server";
import { action as uploadAction } from "~/routes/create.upload/route.server";
import { action as postAction } from "~/routes/post.$id/route.server";
import { createSessionCookie } from "~/services/session.server";
import { config } from "~/services/config.server";
import { SCHOOL_VERIFICATION_REQUIRED } from "~/utils/url-state";
import { seed } from "~/flows/seed.server";

const OU = "http://localhost:3000";
const UT = "http://utbuysell.localhost:3000";
const CAMPUS = "http://campusbuysell.localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
let n = 0;

async function person(email: (i: number) => string, extra: { schoolEmail?: string; verified?: boolean } = {}) {
  n++;
  const user = await insertUser({
    campusId: "ou",
    firstName: `S${n}`,
    lastName: "T.",
    username: `campus-${n}`,
    email: email(n),
    verified: extra.verified ?? true,
    schoolVerified: true,
    schoolEmail: extra.schoolEmail ?? null,
  });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}
const ouStudent = async () => await person((i) => `stu${i}@ou.edu`);
const outsider = async () => await person((i) => `out${i}@example.com`);

function form(url: string, cookie: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}

async function settle<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The status of whatever an action answered: a Response, or Remix's data() result. */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: ResponseInit | null }).init;
  return init?.status ?? 200;
}

let postId = "";
beforeAll(async () => {
  await seed({ demo: false });
  const author = await ouStudent();
  postId = (await createPost({ authorId: author.user.id, campusId: "ou", blocks: [{ text: "Bike for sale" }], media: [], origin: OU })).id;
});

describe("isSchoolVerifiedOn", () => {
  it("follows the campus of the site", async () => {
    const { user } = await ouStudent();
    expect(await isSchoolVerifiedOn(user, "ou")).toBe(true);
    expect(await isSchoolVerifiedOn(user, "ut")).toBe(false);
    expect(await isSchoolVerifiedOn(user, "campus")).toBe(true); // any school's domain (docs/product.md §4)
  });

  it("counts a confirmed school email, not an unverified account email, and not the stored flag alone", async () => {
    const { user: withSchool } = await person((i) => `p${i}@example.com`, { schoolEmail: "longhorn@utexas.edu" });
    expect(await isSchoolVerifiedOn(withSchool, "ut")).toBe(true);
    expect(await isSchoolVerifiedOn(withSchool, "ou")).toBe(false);
    const { user: unverified } = await person((i) => `u${i}@ou.edu`, { verified: false });
    expect(await isSchoolVerifiedOn(unverified, "ou")).toBe(false);
    const { user: flagOnly } = await outsider();
    expect(flagOnly.schoolVerified).toBe(true);
    expect(await isSchoolVerifiedOn(flagOnly, "ou")).toBe(false);
  });

  it("lets the owner post everywhere", async () => {
    const { getUserByUsername } = await import("~/models/users.server");
    const owner = (await getUserByUsername(config().owner.username))!;
    for (const campus of ["campus", "ou", "ut", "smu", "uf"]) expect(await isSchoolVerifiedOn(owner, campus)).toBe(true);
  });
});

describe("every action checks the request's campus", () => {
  it("a student of OU comments and saves on an OU post on the OU site; from another campus's site the post is not there (404)", async () => {
    const { cookie } = await ouStudent();
    const saved = await settle(() => postAction({ request: form(`${OU}/post/${postId}`, cookie, { intent: "like", async: "1" }), params: { id: postId }, ...ctx }));
    expect(statusOf(saved)).toBe(200);
    const comment = await settle(() => postAction({ request: form(`${OU}/post/${postId}`, cookie, { intent: "comment", text: "Still there?" }), params: { id: postId }, ...ctx }));
    expect(statusOf(comment)).toBe(302);
    for (const site of [CAMPUS, UT]) {
      const params = { id: postId };
      const forms: Record<string, string>[] = [{ intent: "like", async: "1" }, { intent: "like" }, { intent: "comment", text: "Hi" }];
      for (const fields of forms) {
        expect(statusOf(await settle(() => postAction({ request: form(`${site}/post/${postId}`, cookie, fields), params, ...ctx })))).toBe(404);
      }
      const composerComment = await settle(() =>
        createCommentAction({ request: form(`${site}/create/comment/${postId}?type=post`, cookie, { text: "Hi" }), params, ...ctx }),
      );
      expect(statusOf(composerComment)).toBe(404);
      const upload = await settle(() => uploadAction({ request: form(`${site}/create/upload?target=comment&id=${postId}&type=post`, cookie, { text: "Lamp" }), params: {}, ...ctx }));
      expect(statusOf(upload)).toBe(404);
    }
  });

  it("…and a new post on the UT site is 403 with the reason, from the composer and the upload", async () => {
    const { cookie } = await ouStudent();
    const newPost = await settle(() => createPostAction({ request: form(`${UT}/create/post`, cookie, { text: "Selling a lamp" }), params: {}, ...ctx }));
    expect(statusOf(newPost)).toBe(403);
    expect((newPost as { data: { reply: { error: Record<string, string[]> } } }).data.reply.error).toEqual({ "": [SCHOOL_VERIFICATION_REQUIRED] });
    const upload = await settle(() => uploadAction({ request: form(`${UT}/create/upload?target=post`, cookie, { text: "Lamp" }), params: {}, ...ctx }));
    expect(statusOf(upload)).toBe(403);
  });

  it("a signed-in user without a school email gets the prompt (loaders) and 403 (actions)", async () => {
    const { cookie } = await outsider();
    const composer = (await createPostLoader({ request: new Request(`${OU}/create/post`, { headers: { Cookie: cookie } }), params: {}, ...ctx })) as { schoolVerified: boolean };
    expect(composer.schoolVerified).toBe(false);
    const commentComposer = (await createCommentLoader({
      request: new Request(`${OU}/create/comment/${postId}`, { headers: { Cookie: cookie } }),
      params: { id: postId },
      ...ctx,
    })) as { schoolVerified: boolean };
    expect(commentComposer.schoolVerified).toBe(false);
    const save = await settle(() => postAction({ request: form(`${OU}/post/${postId}`, cookie, { intent: "like", async: "1" }), params: { id: postId }, ...ctx }));
    expect(statusOf(save)).toBe(403);
    const comment = await settle(() => postAction({ request: form(`${OU}/post/${postId}`, cookie, { intent: "comment", text: "Hi" }), params: { id: postId }, ...ctx }));
    expect(statusOf(comment)).toBe(403);
  });
});

describe("/create/comment/{id}", () => {
  it.each([["post"], ["game"], ["project"]])("answers 404 for a %s that is not there", async (type) => {
    const { cookie } = await ouStudent();
    const res = await settle(() =>
      createCommentLoader({ request: new Request(`${OU}/create/comment/missing?type=${type}`, { headers: { Cookie: cookie } }), params: { id: "missing" }, ...ctx }),
    );
    expect(statusOf(res)).toBe(404);
    const sent = await settle(() =>
      createCommentAction({ request: form(`${OU}/create/comment/missing?type=${type}`, cookie, { text: "Hi" }), params: { id: "missing" }, ...ctx }),
    );
    expect(statusOf(sent)).toBe(404);
  });
});
