// Writes that must be refused, sent as an attack tool sends them: across a
// block, while suspended, to another campus's post from the wrong site, and
// upload bodies sent where no upload is allowed. Each test asserts what the
// attacker gets back and that nothing changed.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeEntities, postForm, rawRequest, serverDir, serverUrl, type RawResponse } from "./client";
import { BOUNDARY, closing, fieldPart, filePart, MULTIPART, partHead, streamRequest } from "./stream";
import { createPostAs, signInByMagicLink, signUp, signUpStudent, usernameOf, type SecurityUser } from "./users";

const as = (user: SecurityUser | string) => ({ Cookie: typeof user === "string" ? user : user.cookie });
const tmpDir = () => path.join(serverDir(), "tmp");
const leftInTmp = () => fs.readdirSync(tmpDir());
const CANT_INTERACT = "You can't interact with this person.";

const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const visibleText = (res: RawResponse) => decodeEntities(withoutScripts(res.body));

/** A post's page as a visitor sees it. */
const asVisitor = (postId: string) => rawRequest(`/post/${postId}`);

let ownerCookie: Promise<string> | undefined;
const owner = () => (ownerCookie ??= signInByMagicLink("owner@example.com"));

/** Suspends the author of `postId` for 7 days the way a moderator does: a report, then Suspend author from the queue. */
async function suspendAuthorOf(postId: string) {
  const reporter = await signUpStudent({ name: "Rita Reporter" });
  expect((await postForm(`/post/${postId}`, { intent: "report", reason: "spam", returnTo: `/post/${postId}` }, as(reporter))).status).toBe(302);
  const res = await postForm("/moderation", { intent: "suspend", target: `post:${postId}`, duration: "7d", reason: "spam" }, as(await owner()));
  expect(res.status, res.body.slice(0, 300)).toBe(302);
}

describe("blocking is a wall, both ways", () => {
  it("the blocked person's comment on the blocker's post is refused with the reason and the draft back; nobody sees it", async () => {
    const [blocker, blocked] = await Promise.all([signUpStudent({ name: "Ann Blocker" }), signUpStudent({ name: "Ben Blocked" })]);
    const post = await createPostAs(blocker, "Desk lamp, works fine");
    expect((await postForm(`/${await usernameOf(blocked)}`, { intent: "block" }, as(blocker))).status).toBe(302);

    const comment = await postForm(`/post/${post}`, { intent: "comment", text: "You can't block me" }, as(blocked));
    expect(comment.status).toBe(403);
    expect(comment.body).toContain(CANT_INTERACT);
    expect(comment.body).toContain("You can&#x27;t block me");
    expect(visibleText(await asVisitor(post))).not.toContain("You can't block me");

    // Saving, and the composer's reply page and upload: refused too.
    const save = await postForm(`/post/${post}`, { intent: "like", returnTo: `/post/${post}` }, as(blocked));
    expect(save.status).toBe(403);
    const upload = await rawRequest(`/create/upload?target=comment&id=${post}&type=post`, {
      method: "POST",
      headers: { "Content-Type": MULTIPART, Origin: new URL(serverUrl()).origin, ...as(blocked) },
      body: Buffer.concat([fieldPart("text", "Via the upload"), closing()]),
    });
    expect(upload.status).toBe(403);
    expect(visibleText(await asVisitor(post))).not.toContain("Via the upload");
    expect(visibleText(await rawRequest(`/post/${post}`, { headers: as(blocker) }))).toMatch(/Save\s*0|No comments yet/);
  });

  it("the blocked person cannot read the blocker's post page, videos tab or the post above a reply; and the blocker cannot write to them either", async () => {
    const [blocker, blocked, third] = await Promise.all([signUpStudent({ name: "Cara Blocker" }), signUpStudent({ name: "Dan Blocked" }), signUpStudent({ name: "Eve Third" })]);
    const post = await createPostAs(blocker, "Bookshelf, solid oak");
    const reply = await postForm(`/post/${post}`, { intent: "comment", text: "Is it still there?" }, as(third));
    expect(reply.status).toBe(302);
    const replyId = /#post-([\w-]+)/.exec(reply.headers.location!)![1]!;
    const hisPost = await createPostAs(blocked, "Mini fridge, cold");
    expect((await postForm(`/${await usernameOf(blocked)}`, { intent: "block" }, as(blocker))).status).toBe(302);

    // Reading: the post page answers like a missing post, the reply's page leaves out the post above it.
    expect((await rawRequest(`/post/${post}`, { headers: as(blocked) })).status).toBe(404);
    const replyPage = await rawRequest(`/post/${replyId}`, { headers: as(blocked) });
    expect(replyPage.status).toBe(200);
    expect(visibleText(replyPage)).not.toContain("Bookshelf, solid oak");
    // The profile's tabs list nothing of the other.
    const username = await usernameOf(blocker);
    for (const tab of ["", "?show=videos"]) {
      const profile = await rawRequest(`/${username}${tab}`, { headers: as(blocked) });
      expect(profile.status).toBe(200);
      expect(profile.body).not.toContain(`id="post-${post}"`);
    }
    // Replying to the third person's comment under the blocker's post: refused.
    const deep = await postForm(`/post/${replyId}`, { intent: "comment", text: "Replying under the wall" }, as(blocked));
    expect(deep.status).toBe(403);
    // The other way: the blocker comments on or saves the blocked person's post: refused.
    expect((await postForm(`/post/${hisPost}`, { intent: "comment", text: "Hello" }, as(blocker))).status).toBe(403);
    expect((await postForm(`/post/${hisPost}`, { intent: "like" }, as(blocker))).status).toBe(403);
    // Reporting the person stays possible where they can still be seen: the profile.
    const report = await postForm(`/${await usernameOf(blocked)}`, { intent: "report", reason: "spam", returnTo: `/${await usernameOf(blocked)}` }, as(blocker));
    expect(report.status).toBe(302);
  });
});

describe("a suspension stops every write", () => {
  it("a suspended author cannot change a listing's status, their name, bio or username", async () => {
    const author = await signUpStudent({ name: "Sam Suspended" });
    const post = await createPostAs(author, "Bike, 21 speeds", { price: "80" });
    const username = await usernameOf(author);
    await suspendAuthorOf(post);

    const status = await postForm(`/post/${post}`, { intent: "status", status: "sold" }, as(author));
    expect(status.status).toBe(403);
    expect(status.body).toMatch(/Your account is suspended until .*: /);
    const renew = await postForm(`/post/${post}`, { intent: "renew" }, as(author));
    expect(renew.status).toBe(403);
    const name = await postForm("/profile/edit", { intent: "name", firstName: "Evil", lastName: "Name" }, as(author));
    expect(name.status).toBe(403);
    expect(name.body).toContain("Evil");
    const bio = await postForm("/profile/edit", { intent: "bio", bio: "Buy my stuff elsewhere" }, as(author));
    expect(bio.status).toBe(403);
    const rename = await postForm("/settings/account/screen_name", { username: `${username}-x` }, as(author));
    expect(rename.status).toBe(403);

    const page = await rawRequest(`/post/${post}`, { headers: as(author) });
    expect(visibleText(page)).not.toMatch(/\bSold\b/);
    expect((await rawRequest(`/${username}`)).status).toBe(200);
    expect(visibleText(await rawRequest(`/${username}`))).not.toContain("Buy my stuff elsewhere");
  });
});

describe("nothing is read before it is allowed", () => {
  it("200 MB sent as an upload to an intent that takes no files: refused within a second, nothing written to the temp folder", async () => {
    const student = await signUpStudent();
    const post = await createPostAs(student, "Chair");
    const before = leftInTmp();
    const started = Date.now();
    const res = await streamRequest(`/post/${post}`, {
      headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
      pieces: (function* () {
        yield fieldPart("intent", "like");
        yield* filePart("files", "x.mp4", 200 * 1024 * 1024);
        yield closing();
      })(),
      timeoutMs: 10_000,
    });
    expect(res.status).toBe(415);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.finished).toBe(false);
    expect(leftInTmp()).toEqual(before);
  });

  it("an upload from someone who may not comment (not a student here, or blocked) is refused before its body is read", async () => {
    const [author, outsider, blocked] = await Promise.all([signUpStudent(), signUp(), signUpStudent()]);
    const post = await createPostAs(author, "Lamp");
    expect((await postForm(`/${await usernameOf(blocked)}`, { intent: "block" }, as(author))).status).toBe(302);
    for (const who of [outsider, blocked]) {
      const started = Date.now();
      const res = await streamRequest(`/post/${post}`, {
        headers: { "Content-Type": MULTIPART, Cookie: who.cookie },
        pieces: (function* () {
          yield fieldPart("intent", "comment");
          yield* filePart("files", "x.mp4", 200 * 1024 * 1024);
          yield closing();
        })(),
        timeoutMs: 10_000,
      });
      expect(res.status).toBe(403);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.finished).toBe(false);
      expect(leftInTmp()).toEqual([]);
    }
  });

  it("a third upload at once by the same user is answered 429 before its body is read", async () => {
    const student = await signUpStudent();
    const post = await createPostAs(student, "Table");
    const slow = () =>
      streamRequest(`/post/${post}`, {
        headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
        pieces: [fieldPart("intent", "comment"), partHead("files", "a.png")],
        holdOpen: true,
        timeoutMs: 3_000,
      });
    const held = [slow(), slow()];
    await new Promise((r) => setTimeout(r, 500));
    const third = await streamRequest(`/post/${post}`, {
      headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
      pieces: [fieldPart("intent", "comment"), fieldPart("text", "Third"), closing()],
      timeoutMs: 3_000,
    });
    expect(third.status).toBe(429);
    await Promise.all(held);
    // Once they are gone, uploading works again.
    await new Promise((r) => setTimeout(r, 300));
    const again = await streamRequest(`/post/${post}`, {
      headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
      pieces: [fieldPart("intent", "comment"), fieldPart("text", "Fourth"), closing()],
    });
    expect(again.status).toBe(302);
    expect(BOUNDARY).toBeTruthy();
  });
});

describe("one campus per request", () => {
  it("an OU student commenting on, saving or messaging about a UT post by sending it to OU's site gets 404, and nothing happens", async () => {
    const utBase = serverUrl().replace("//localhost", "//utbuysell.localhost");
    const seller = await signUpStudent({ schoolDomain: "utexas.edu", base: utBase, name: "Tex Seller" });
    const post = await createPostAs(seller, "Longhorn hoodie", { price: "20" });
    const ouStudent = await signUpStudent({ name: "Olive Sooner" });
    const comment = await postForm(`/post/${post}`, { intent: "comment", text: "From OU" }, as(ouStudent));
    const save = await postForm(`/post/${post}`, { intent: "like" }, as(ouStudent));
    const message = await postForm(`/messages?post=${post}`, {}, as(ouStudent));
    const composer = await rawRequest(`/create/upload?target=comment&id=${post}&type=post`, {
      method: "POST",
      headers: { "Content-Type": MULTIPART, Origin: new URL(serverUrl()).origin, ...as(ouStudent) },
      body: Buffer.concat([fieldPart("text", "From OU too"), closing()]),
    });
    expect([comment.status, save.status, message.status, composer.status]).toEqual([404, 404, 404, 404]);
    const page = await rawRequest(`/post/${post}`, { base: utBase, headers: as(seller) });
    expect(visibleText(page)).not.toContain("From OU");
    expect((await rawRequest("/messages", { base: utBase, headers: as(seller) })).body).not.toContain('data-testid="conversation"');
  });
});
