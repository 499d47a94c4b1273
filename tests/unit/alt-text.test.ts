// Alt text (docs/product.md §17): every photo's alt is its description or its place and
// author; each photo of the composer and of the edit page has an optional
// description (at most 250 characters, checked by the server), stored on its
// media row. Routes are called with real multipart Requests and real images.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { describedFiles } from "~/flows/post-submission.server";
import { startConversation, getConversation } from "~/models/messages.server";
import { getPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { action as createAction } from "~/routes/create.post/route.server";
import { action as uploadAction } from "~/routes/create.upload/route.server";
import { action as editAction, loader as editLoader } from "~/routes/post.$id_.edit/route.server";
import { editPostSchema, postSchema } from "~/schemas/post";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Avatar } from "~/components/post-parts";
import { photoAlt, photoAlts } from "~/utils/alt-text";
import { PHOTO_ALT_TOO_LONG } from "~/utils/alt-text";
import { parseWithSchema } from "~/utils/form";
import { seed } from "~/flows/seed.server";
import { tinyVideo } from "../support/video-fixtures";

const BASE = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };

let n = 0;
async function signedIn(firstName = "Ana") {
  n++;
  const user = await insertUser({ campusId: "ou", firstName, lastName: "B.", username: `alt-${n}`, email: `alt${n}@ou.edu`, verified: true, schoolVerified: true });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}

async function photo(name: string, color = "#c33") {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
  return new File([new Uint8Array(buffer)], name, { type: "image/png" });
}

/** A form's fields in the order given, as a browser sends them. */
function formOf(entries: [string, string | File][]): FormData {
  const fd = new FormData();
  for (const [name, value] of entries) fd.append(name, value);
  return fd;
}

function multipart(path: string, cookie: string, fd: FormData) {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { Cookie: cookie, Origin: BASE }, body: fd });
}

async function settle(fn: () => Promise<unknown>): Promise<Response | { data: unknown; init: ResponseInit | null }> {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
type Reply = { data: { reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit | null };

const mediaOf = (postId: string) => getDb().select().from(schema.media).where(eq(schema.media.postId, postId)).orderBy(schema.media.order);
const postsBy = (authorId: string) => getDb().select().from(schema.posts).where(eq(schema.posts.authorId, authorId));
const postIdOf = async (authorId: string) => (await postsBy(authorId))[0]!.id;

beforeAll(() => seed({ demo: false }));

describe("the alt of a photo and of a profile photo", () => {
  it("is the description when there is one, trimmed to one line", () => {
    expect(photoAlt("Blue mini fridge, door open", { position: 1, count: 3, firstName: "Ana" })).toBe("Blue mini fridge, door open");
    expect(photoAlt("  Two chairs\n and a desk ", { position: 2, count: 3, firstName: "Ana" })).toBe("Two chairs and a desk");
  });

  it("without one (or with only spaces) is its place among the photos and the author's first name", () => {
    expect(photoAlt(null, { position: 1, count: 3, firstName: "Ana" })).toBe("Photo 1 of 3 from Ana's post");
    expect(photoAlt("   ", { position: 3, count: 3, firstName: "Jo" })).toBe("Photo 3 of 3 from Jo's post");
    expect(photoAlt(undefined, { position: 2, count: 4, title: "Campus Chess" })).toBe("Photo 2 of 4 from Campus Chess");
  });

  it("numbers photos among the photos only: a video is not counted and has no alt", () => {
    const media = [
      { kind: "video" as const, alt: null },
      { kind: "image" as const, alt: null },
      { kind: "image" as const, alt: "The lamp switched on" },
      { kind: "image" as const, alt: null },
    ];
    expect(photoAlts(media, { firstName: "Ana" })).toEqual(["", "Photo 1 of 3 from Ana's post", "The lamp switched on", "Photo 3 of 3 from Ana's post"]);
  });

  it("of a profile photo is the name's, and the initial that stands in for a missing one says the same", () => {
    const avatar = (avatarUrl: string | null) => renderToStaticMarkup(createElement(Avatar, { author: { displayName: "Ana B.", avatarUrl } }));
    expect(avatar("/media/avatars/a/k-96.webp")).toContain(`alt="Ana B.&#x27;s profile photo"`);
    expect(avatar(null)).toMatch(/role="img" aria-label="Ana B.&#x27;s profile photo"[^>]*>A</);
  });
});

describe("the description fields, checked by the server", () => {
  it("each may be 250 characters once trimmed; 251 is refused with the message on that photo's field only", () => {
    const ok = parseWithSchema(formOf([["text", "Desk"], ["alts.0", ` ${"a".repeat(250)} `], ["alts.1", "Side view"]]), postSchema);
    expect(ok.status).toBe("success");
    const bad = parseWithSchema(formOf([["text", "Desk"], ["alts.0", "Front"], ["alts.1", "b".repeat(251)]]), postSchema);
    expect(bad.reply().error).toEqual({ "alts.1": [PHOTO_ALT_TOO_LONG] });
    expect(bad.reply().initialValue).toMatchObject({ text: "Desk", alts: { "0": "Front" } });
  });

  it("of a photo already on the post is checked the same way", () => {
    const bad = parseWithSchema(formOf([["text", "Desk"], ["media[0].id", "m1"], ["media[0].alt", "c".repeat(300)]]), editPostSchema);
    expect(bad.reply().error).toEqual({ "media[0].alt": [PHOTO_ALT_TOO_LONG] });
  });

  it("go with the file sent right before them: no-JS slots with an empty one, then several files without", () => {
    const [a, b, c, d] = ["a.png", "b.png", "c.png", "d.png"].map((name) => new File(["x"], name));
    const fd = formOf([
      ["text", "Desk"],
      ["files", a!],
      ["alts.0", "front"],
      // slot 2: no file chosen (nothing kept), its description describes nothing
      ["alts.1", "orphan"],
      ["files", b!],
      ["alts.2", ""],
      // the multiple picker after the slots
      ["files", c!],
      ["files", d!],
    ]);
    expect(describedFiles(fd, { "0": "front", "1": "orphan" })).toEqual(["front", null, null, null]);
    // With JS: each file followed by its own description.
    const js = formOf([["files", a!], ["alts.0", "first"], ["files", b!], ["files", c!], ["alts.2", "third"]]);
    expect(describedFiles(js, { "0": "first", "2": "third" })).toEqual(["first", null, "third"]);
  });
});

describe("stored per media row", () => {
  it("the composer without JS stores each photo's description on its row; the post page and the edit page show them", async () => {
    const { user, cookie } = await signedIn("Cleo");
    const fd = formOf([
      ["target", "post"],
      ["goBack", "/home"],
      ["text", "Mini fridge"],
      ["files", await photo("front.png")],
      ["alts.0", "  Mini fridge, <b>door</b> open  "],
      ["files", await photo("back.png", "#33c")],
      ["alts.1", ""],
      ["intent", "send"],
    ]);
    const res = (await settle(() => createAction({ request: multipart("/create/post?goBack=/home", cookie, fd), params: {}, ...ctx }))) as Response;
    expect(res.status).toBe(302);
    const id = await postIdOf(user.id);
    expect((await mediaOf(id)).map((m) => [m.name, m.alt])).toEqual([
      ["front.png", "Mini fridge, <b>door</b> open"],
      ["back.png", null],
    ]);
    const page = await getPost(id, "UTC");
    expect(page.status === "ok" && page.post.media.map((m) => m.alt)).toEqual(["Mini fridge, <b>door</b> open", "Photo 2 of 2 from Cleo's post"]);
    const edit = (await editLoader({ request: new Request(`${BASE}/post/${id}/edit`, { headers: { Cookie: cookie } }), params: { id }, ...ctx })) as {
      media: { description: string; alt: string }[];
    };
    expect(edit.media.map((m) => [m.description, m.alt])).toEqual([
      ["Mini fridge, <b>door</b> open", "Mini fridge, <b>door</b> open"],
      ["", "Photo 2 of 2 from Cleo's post"],
    ]);
  });

  it("the upload with JS pairs each file with the description after it", async () => {
    const { user, cookie } = await signedIn("Dev");
    const fd = formOf([
      ["target", "post"],
      ["goBack", "/home"],
      ["text", "Desk lamp"],
      ["intent", "send"],
      ["files", await photo("one.png")],
      ["files", await photo("two.png")],
      ["alts.1", "The lamp switched on"],
    ]);
    const res = (await uploadAction({ request: multipart("/create/upload?target=post", cookie, fd), params: {}, ...ctx })) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await mediaOf(await postIdOf(user.id))).map((m) => m.alt)).toEqual([null, "The lamp switched on"]);
  });

  it("a description over 250 characters is a 400 with the message and the draft back, and nothing is stored", async () => {
    const { user, cookie } = await signedIn();
    const fd = formOf([
      ["target", "post"],
      ["goBack", "/home"],
      ["text", "Bookshelf"],
      ["files", await photo("shelf.png")],
      ["alts.0", "x".repeat(251)],
      ["intent", "send"],
    ]);
    const res = (await settle(() => createAction({ request: multipart("/create/post?goBack=/home", cookie, fd), params: {}, ...ctx }))) as Reply;
    expect(res.init?.status).toBe(400);
    expect(res.data.reply.error).toEqual({ "alts.0": [PHOTO_ALT_TOO_LONG] });
    expect(res.data.reply.initialValue).toMatchObject({ text: "Bookshelf", alts: { "0": "x".repeat(251) } });
    expect(await postsBy(user.id)).toEqual([]);
    // The JS upload answers the same, as JSON.
    const js = await uploadAction({ request: multipart("/create/upload?target=post", cookie, fd), params: {}, ...ctx });
    expect(js.status).toBe(400);
    expect(((await js.json()) as { reply: { error: unknown } }).reply.error).toEqual({ "alts.0": [PHOTO_ALT_TOO_LONG] });
  });

  it("editing changes, clears and adds descriptions in the one save; a video keeps none", async () => {
    const { user, cookie } = await signedIn("Eve");
    const created = formOf([
      ["target", "post"],
      ["goBack", "/home"],
      ["text", "Couch"],
      ["files", await photo("left.png")],
      ["alts.0", "Grey couch"],
      ["files", await photo("right.png")],
      ["alts.1", "Couch arm, a small stain"],
      ["intent", "send"],
    ]);
    expect(((await settle(() => createAction({ request: multipart("/create/post?goBack=/home", cookie, created), params: {}, ...ctx }))) as Response).status).toBe(302);
    const id = await postIdOf(user.id);
    const [left, right] = await mediaOf(id);
    const edit = (entries: [string, string | File][]) => settle(() => editAction({ request: multipart(`/post/${id}/edit`, cookie, formOf(entries)), params: { id }, ...ctx }));

    // Too long on an existing photo: the message on its field, nothing changes.
    const refused = (await edit([["text", "Couch"], ["media[0].id", left!.id], ["media[0].alt", "y".repeat(251)], ["media[1].id", right!.id], ["media[1].alt", "Arm"], ["intent", "send"]])) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.reply.error).toEqual({ "media[0].alt": [PHOTO_ALT_TOO_LONG] });
    expect((await mediaOf(id)).map((m) => m.alt)).toEqual(["Grey couch", "Couch arm, a small stain"]);

    // Closing after changing only a description asks whether to discard it.
    const asked = (await edit([["text", "Couch"], ["media[0].id", left!.id], ["media[0].alt", "Grey couch, three seats"], ["media[1].id", right!.id], ["media[1].alt", "Couch arm, a small stain"], ["intent", "close"]])) as {
      data: { askDiscard: boolean };
    };
    expect(asked.data.askDiscard).toBe(true);

    // A video, whose "description" is not kept.
    const video = new File([await tinyVideo()], "tour.mp4", { type: "video/mp4" });
    const saved = (await edit([
      ["text", "Couch"],
      ["media[0].id", left!.id],
      ["media[0].alt", "Grey couch, three seats"],
      ["media[1].id", right!.id],
      ["media[1].alt", ""],
      ["files", await photo("cushion.png", "#3c3")],
      ["alts.0", "A spare cushion"],
      ["files", video],
      ["alts.1", "not kept for a video"],
      ["intent", "send"],
    ])) as Response;
    expect(saved.status).toBe(302);
    expect((await mediaOf(id)).map((m) => [m.kind, m.alt])).toEqual([
      ["image", "Grey couch, three seats"],
      ["image", null],
      ["image", "A spare cushion"],
      ["video", null],
    ]);
    const page = await getPost(id, "UTC");
    expect(page.status === "ok" && page.post.media.filter((m) => m.kind === "image").map((m) => m.alt)).toEqual([
      "Grey couch, three seats",
      "Photo 2 of 3 from Eve's post",
      "A spare cushion",
    ]);
  });

  it("the listing at the head of a conversation shows its first photo with its alt", async () => {
    const seller = await signedIn("Fay");
    const buyer = await signedIn("Gus");
    const fd = formOf([
      ["target", "post"],
      ["goBack", "/home"],
      ["text", "Bike"],
      ["files", await photo("bike.png")],
      ["intent", "send"],
    ]);
    await settle(() => createAction({ request: multipart("/create/post?goBack=/home", seller.cookie, fd), params: {}, ...ctx }));
    const postId = await postIdOf(seller.user.id);
    const chat = await startConversation({ userId: buyer.user.id, postId });
    const view = await getConversation({ chatId: chat.id, userId: buyer.user.id, timeZone: "UTC" });
    expect(view.item?.thumbnail?.alt).toBe("Photo 1 of 1 from Fay's post");
  });
});
