// Hardening, as an attack tool sends it (raw HTTP against the production
// build): a suspended moderator trying to keep their powers and lift their own
// suspension; parallel wrong codes; an unsubscribe link's reach; line breaks in
// names; two tz cookies against the visitors' page cache; parallel deletes and
// parallel reviews of one item. Each asserts the safe outcome.
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { postForm, rawRequest, type RawResponse } from "./client";
import { createPostAs, mailedLink, newestMail, register, signInByMagicLink, signUpStudent, uniqueEmail, usernameOf, type SecurityUser } from "./users";

const OWNER_EMAIL = "owner@example.com";
const NAME_REFUSED = "Names can't contain line breaks or control characters.";

const as = (user: SecurityUser | string) => ({ Cookie: typeof user === "string" ? user : user.cookie });
const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

let ownerSession: Promise<string> | undefined;
const owner = () => (ownerSession ??= signInByMagicLink(OWNER_EMAIL));

/** The review queue's entry for an item ("post:{id}"), as the owner sees it, or null. */
async function queueEntry(target: string): Promise<string | null> {
  const res = await rawRequest("/moderation", { headers: as(await owner()) });
  expect(res.status).toBe(200);
  return res.body.split('data-testid="moderation-entry"').slice(1).find((entry) => entry.includes(`data-target="${target}"`)) ?? null;
}

/** A person's id, from the owner's "Make moderator: {name}" link in a queue entry. */
function personIdIn(entry: string, displayName: string): string {
  const at = entry.indexOf(`aria-label="Make moderator: ${displayName}"`);
  const id = at >= 0 ? /user=([\w-]+)"/.exec(entry.slice(at))?.[1] : undefined;
  if (!id) throw new Error(`No Make moderator link for ${displayName}`);
  return id;
}

const reportPost = (postId: string, reporter: SecurityUser) => postForm(`/post/${postId}`, { intent: "report", reason: "spam" }, as(reporter));
const review = async (fields: Record<string, string>, user?: SecurityUser) => postForm("/moderation", fields, user ? as(user) : as(await owner()));

describe("row 2: a suspended moderator", () => {
  it("keeps no moderation power, cannot lift their own suspension, and sees no Moderation link", async () => {
    const [moderator, reporter, other] = await Promise.all([
      signUpStudent({ name: "Mona Moderator" }),
      signUpStudent({ name: "Rory Reporter" }),
      signUpStudent({ name: "Olga Other" }),
    ]);
    const own = await createPostAs(moderator, `Moderator's own post ${Date.now()}`);
    const someoneElses = await createPostAs(other, `Another reported post ${Date.now()}`);
    expect((await reportPost(own, reporter)).status).toBe(302);
    expect((await reportPost(someoneElses, reporter)).status).toBe(302);
    const entry = (await queueEntry(`post:${own}`))!;
    const moderatorId = personIdIn(entry, "Mona M.");
    expect((await review({ intent: "make-moderator", target: `post:${own}`, user: moderatorId })).status).toBe(302);
    expect((await rawRequest("/moderation", { headers: as(moderator) })).status).toBe(200);
    expect((await review({ intent: "suspend", target: `post:${own}`, duration: "7d", reason: "spam" })).status).toBe(302);

    // The attack: lift it, then use the powers.
    const lifted = await review({ intent: "unsuspend", target: `post:${own}` }, moderator);
    expect(lifted.status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { intent: "dismiss", target: `post:${someoneElses}` },
      { intent: "remove", target: `post:${someoneElses}` },
      { intent: "suspend", target: `post:${someoneElses}`, duration: "permanent", reason: "spam" },
    ]) {
      expect((await review(fields, moderator)).status, fields.intent).toBe(404);
    }
    expect((await rawRequest("/moderation", { headers: as(moderator) })).status).toBe(404);
    const home = await rawRequest("/home", { headers: as(moderator) });
    expect(home.status).toBe(200);
    expect(withoutScripts(home.body)).not.toContain('href="/moderation"');

    // Still suspended, and nothing happened to the other item.
    const ownEntry = (await queueEntry(`post:${own}`))!;
    expect(ownEntry).toContain("Suspended until");
    const otherEntry = (await queueEntry(`post:${someoneElses}`))!;
    expect(otherEntry).not.toBeNull();
    expect(otherEntry).not.toContain('data-testid="moderation-action"');
    expect((await rawRequest(`/post/${someoneElses}`)).status).toBe(200);
    expect((await postForm(`/post/${own}`, { intent: "comment", text: "Still suspended?" }, as(moderator))).status).toBe(403);
  });

  it("Lift suspension on an item whose reports are closed, or of an author not suspended: refused, nothing recorded", async () => {
    const [author, reporter] = await Promise.all([signUpStudent({ name: "Cleo Closed" }), signUpStudent({ name: "Remy Reporter" })]);
    const postId = await createPostAs(author, `Closed reports ${Date.now()}`);
    expect((await reportPost(postId, reporter)).status).toBe(302);
    expect((await review({ intent: "unsuspend", target: `post:${postId}` })).status).toBe(409);
    expect((await review({ intent: "dismiss", target: `post:${postId}` })).status).toBe(302);
    for (const fields of <Record<string, string>[]>[
      { intent: "unsuspend", target: `post:${postId}` },
      { intent: "dismiss", target: `post:${postId}` },
      { intent: "remove", target: `post:${postId}` },
      { intent: "suspend", target: `post:${postId}`, duration: "7d", reason: "spam" },
    ]) {
      const res = await review(fields);
      expect(res.status, fields.intent).toBe(409);
      expect(res.headers["set-cookie"] ?? [], fields.intent).toHaveLength(0);
    }
    expect((await rawRequest(`/post/${postId}`)).status).toBe(200);
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: "Not suspended" }, as(author))).status).toBe(302);
  });
});

describe("row 6: 30 wrong codes at once", () => {
  it("at most 5 are compared; after them the right code is refused too", async () => {
    const email = uniqueEmail();
    const cookie = await register(email);
    const mail = await newestMail(email, /verification code/);
    const code = /mail__subject">[^<]*?(\d{6})</.exec(mail)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 30 }, () => postForm("/verify", { intent: "verify", code: wrong }, { Cookie: cookie })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const compared = answers.filter((a) => a.body.includes(AUTH_MESSAGES["code-invalid"])).length;
    // Four say "not right"; the fifth used the last try ("expired"), and the rest were never compared.
    expect(compared).toBeLessThanOrEqual(4);
    const right = await postForm("/verify", { intent: "verify", code }, { Cookie: cookie });
    expect(right.status).toBe(400);
    expect(right.body).toContain(AUTH_MESSAGES["code-expired"]);
  });
});

describe("row 9: an unsubscribe link", () => {
  it("shows the address masked, is refused forged or in the old format, and is revoked by turning the emails back on", async () => {
    const [seller, buyer] = await Promise.all([signUpStudent({ name: "Sela Seller" }), signUpStudent({ name: "Bo Buyer" })]);
    const postId = await createPostAs(seller, `Lamp for unsubscribe ${Date.now()}`);
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: "Still there?" }, as(buyer))).status).toBe(302);
    const link = await mailedLink(seller.email, "/unsubscribe?token=");
    const page = await rawRequest(link);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(seller.email);
    expect(withoutScripts(page.body)).toContain(`${seller.email.slice(0, 1)}•••@${seller.email.split("@")[1]}`);

    const token = new URL(link, "http://x").searchParams.get("token")!;
    const [id, version, issuedAt, sig] = token.split(".");
    // Made long ago (expired) under the same signature, another version, the old format: all refused.
    for (const forged of [`${id}.${version}.${(Number.parseInt(issuedAt!, 36) - 91 * 86_400_000).toString(36)}.${sig}`, `${id}.9.${issuedAt}.${sig}`, `${id}.${sig}`]) {
      const res = await rawRequest(`/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(res.status).toBe(400);
      expect(res.body).not.toContain(seller.email);
    }

    // Off, then back on: the link in the email no longer works.
    expect((await postForm("/unsubscribe", { token, intent: "unsubscribe" })).status).toBe(302);
    const back = await postForm("/unsubscribe", { token, intent: "resubscribe" });
    expect(back.status).toBe(302);
    expect(back.headers.location).not.toContain(encodeURIComponent(token));
    expect((await rawRequest(link)).status).toBe(400);
    expect((await postForm("/unsubscribe", { token, intent: "unsubscribe" })).status).toBe(400);
  });
});

describe("row 10: line breaks in names", () => {
  it("are refused at sign-up, in the magic link's names and in the profile's name, so none reaches a subject", async () => {
    const email = uniqueEmail();
    const registered = await postForm("/register", { email, name: "E\r\nBcc: x@y Lee", password: "correct horse 1", terms: "on" });
    expect(registered.status).toBe(400);
    expect(registered.body).toContain(NAME_REFUSED);
    const magic = await postForm("/login", { method: "noPassword", email: uniqueEmail(), first: "E\r\nBcc: x@y", last: "Lee" });
    expect(magic.status).toBe(400);
    expect(magic.body).toContain(NAME_REFUSED);

    const user = await signUpStudent({ name: "Nora Name" });
    const edited = await postForm("/profile/edit", { intent: "name", firstName: "E\r\nBcc: x@y", lastName: "Lee" }, as(user));
    expect(edited.status).toBe(400);
    expect(edited.body).toContain(NAME_REFUSED);
    const profile = await rawRequest(`/${await usernameOf(user)}`);
    expect(profile.body).toContain("Nora N.");
    expect(profile.body).not.toContain("Bcc");
  });
});

describe("row 11: two tz cookies", () => {
  /** The clock times of the posts on a page ("3:05 PM"), with when each was. */
  function clocks(res: RawResponse): { iso: string; clock: string }[] {
    return [...withoutScripts(res.body).matchAll(/<time dateTime="([^"]+)"[^>]*>([\s\S]*?)<\/time>/g)].map((m) => ({
      iso: m[1]!,
      clock: m[2]!.replace(/<!-- -->/g, "").split(" · ")[1]!,
    }));
  }
  const expectedClock = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(iso)).replace(/\s/g, " ");

  it("the page for both is the first's, and the cache never serves it to a visitor of the second", async () => {
    const author = await signUpStudent({ name: "Tia Timezone" });
    await createPostAs(author, `Times in two zones ${Date.now()}`);
    const both = await rawRequest("/home", { headers: { Cookie: "tz=America%2FNew_York; tz=Asia%2FTokyo" } });
    const tokyo = await rawRequest("/home", { headers: { Cookie: "tz=Asia%2FTokyo" } });
    for (const [res, zone] of [
      [both, "America/New_York"],
      [tokyo, "Asia/Tokyo"],
    ] as const) {
      expect(res.status).toBe(200);
      const times = clocks(res);
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) expect(t.clock.replace(/\s/g, " "), zone).toBe(expectedClock(t.iso, zone));
    }
  });
});

describe("row 12: at once", () => {
  it("two deletes of one post take the author's post count down once", async () => {
    const author = await signUpStudent({ name: "Dana Deleter" });
    const username = await usernameOf(author);
    await createPostAs(author, `Kept ${Date.now()}`);
    const postId = await createPostAs(author, `Deleted twice ${Date.now()}`);
    const count = async () => /\b(\d{1,6})(?:<!-- -->)? (?:<!-- -->)?Posts?\b/.exec(withoutScripts((await rawRequest(`/${username}`)).body))?.[1];
    expect(await count()).toBe("2");
    const answers = await Promise.all([0, 1, 2].map(() => postForm(`/post/${postId}`, { intent: "delete" }, as(author))));
    expect(answers.some((a) => a.status === 302)).toBe(true);
    expect(await count()).toBe("1");
  });

  it("a Dismiss and a Remove of one item: exactly one goes ahead and is recorded; a Remove tells the author", async () => {
    for (let round = 0; round < 2; round++) {
      const [author, reporter, reporter2] = await Promise.all([
        signUpStudent({ name: "Pat Parallel" }),
        signUpStudent({ name: "Ray Reporter" }),
        signUpStudent({ name: "Rex Reporter" }),
      ]);
      const postId = await createPostAs(author, `Contested ${round} ${Date.now()}`);
      expect((await reportPost(postId, reporter)).status).toBe(302);
      const target = `post:${postId}`;
      const answers = await Promise.all([review({ intent: "dismiss", target }), review({ intent: "remove", target })]);
      expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
      const removed = answers[1]!.status === 302;
      const notices = withoutScripts((await rawRequest("/notifications", { headers: as(author) })).body);
      if (removed) {
        // Removed with the normal cascade: the post's link says it was deleted.
        expect((await rawRequest(`/post/${postId}`)).status).toBe(410);
        expect(notices).toContain("Your post was removed for breaking the rules: Spam");
      } else {
        expect((await rawRequest(`/post/${postId}`)).status).toBe(200);
        expect(notices).not.toContain("was removed for breaking the rules");
        // Reported again: the entry lists what was done before, once.
        expect((await reportPost(postId, reporter2)).status).toBe(302);
        const entry = (await queueEntry(target))!;
        expect(entry.split('data-testid="moderation-action"')).toHaveLength(2);
        expect(entry).toContain("Dismissed the reports");
      }
    }
  });
});
