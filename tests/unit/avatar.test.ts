// Profile photos (docs/product.md §5): jpeg, jpg, png, gif only, checked by name and by content;
// square WebP avatars at two sizes; the previous files removed on change.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { avatarUrl, getUserById, insertUser } from "~/models/users.server";
import { avatarKeys, MediaError, storeAvatar } from "~/services/media.server";
import { changeProfilePhoto } from "~/flows/profile-photo.server";
import { getStorage } from "~/services/storage.server";
import { seed } from "~/flows/seed.server";

async function image(format: "jpeg" | "png" | "gif" | "webp", name: string, size = { width: 640, height: 480 }) {
  const buffer = await sharp({ create: { ...size, channels: 3, background: "#2a6" } })[format]().toBuffer();
  return new File([new Uint8Array(buffer)], name);
}

async function read(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await getStorage().read(key))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let n = 0;
async function user() {
  n++;
  return insertUser({ campusId: "ou", firstName: `Pic${n}`, lastName: "T.", username: `pic-${n}`, email: `pic${n}@ou.edu`, verified: true });
}

beforeAll(() => seed({ demo: false }));

describe("storeAvatar", () => {
  it("turns a jpeg, jpg, png or gif into square WebP avatars at 96 and 400 px (cover crop)", async () => {
    for (const [format, name] of [["jpeg", "a.jpeg"], ["jpeg", "b.JPG"], ["png", "c.png"], ["gif", "d.gif"]] as const) {
      const key = await storeAvatar("user1", await image(format, name));
      expect(key).toMatch(/^avatars\/user1\/[\w-]+$/);
      for (const size of [96, 400]) {
        const meta = await sharp(await read(`${key}-${size}.webp`)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", size, size]);
      }
    }
  });

  it("gives every upload a new key (served as immutable)", async () => {
    const file = await image("png", "same.png");
    expect(await storeAvatar("user1", file)).not.toBe(await storeAvatar("user1", file));
  });

  it("refuses a text file named like a photo: the content decides", async () => {
    const text = new File(["just some notes, not a picture"], "notes.png", { type: "image/png" });
    await expect(storeAvatar("user1", text)).rejects.toThrow(MediaError);
    await expect(storeAvatar("user1", text)).rejects.toThrow("Only photos are allowed!");
  });

  it("refuses a real image of another type (webp), by content and by name", async () => {
    await expect(storeAvatar("user1", await image("webp", "me.webp"))).rejects.toThrow("Only photos are allowed!");
    // A webp renamed .png is still a webp.
    await expect(storeAvatar("user1", await image("webp", "me.png"))).rejects.toThrow("Only photos are allowed!");
    // A real png with another extension fails the name rule.
    await expect(storeAvatar("user1", await image("png", "me.bmp"))).rejects.toThrow("Only photos are allowed!");
  });

  it("refuses a truncated image that cannot be decoded, leaving no files", async () => {
    const whole = new Uint8Array(await (await image("png", "x.png", { width: 2000, height: 2000 })).arrayBuffer());
    const broken = new File([whole.slice(0, 200)], "broken.png");
    await expect(storeAvatar("user2", broken)).rejects.toThrow("Only photos are allowed!");
    const dir = path.join(process.env.UPLOADS_DIR!, "avatars", "user2");
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});

describe("avatarUrl", () => {
  it("serves the small size on cards and the large one on the profile; a provider URL as is", async () => {
    expect(avatarUrl("avatars/u/k")).toBe("/media/avatars/u/k-96.webp");
    expect(avatarUrl("avatars/u/k", "large")).toBe("/media/avatars/u/k-400.webp");
    expect(avatarUrl("https://lh3.example.com/p.jpg", "large")).toBe("https://lh3.example.com/p.jpg");
    expect(avatarUrl(null)).toBeNull();
    expect(avatarKeys("https://lh3.example.com/p.jpg")).toEqual([]);
  });
});

describe("changeProfilePhoto", () => {
  it("points the user at the new photo, marks the profile set up and removes the old files", async () => {
    const u = await user();
    expect(u.profileSetUp).toBe(false);
    expect(await changeProfilePhoto(u.id, await image("gif", "first.gif"))).toEqual({ ok: true });
    const first = (await getUserById(u.id))!;
    expect(first.profileSetUp).toBe(true);
    expect(first.img).toMatch(new RegExp(`^avatars/${u.id}/`));
    for (const key of avatarKeys(first.img)) expect(await getStorage().stat(key)).not.toBeNull();

    expect(await changeProfilePhoto(u.id, await image("jpeg", "second.jpg"))).toEqual({ ok: true });
    const second = (await getUserById(u.id))!;
    expect(second.img).not.toBe(first.img);
    for (const key of avatarKeys(first.img)) expect(await getStorage().stat(key)).toBeNull();
    for (const key of avatarKeys(second.img)) expect(await getStorage().stat(key)).not.toBeNull();
  });

  it("keeps the current photo when the new file is refused", async () => {
    const u = await user();
    await changeProfilePhoto(u.id, await image("png", "ok.png"));
    const before = (await getUserById(u.id))!.img;
    const result = await changeProfilePhoto(u.id, new File(["hello"], "hello.gif"));
    expect(result).toEqual({ ok: false, status: 400, message: "Only photos are allowed!" });
    expect((await getUserById(u.id))!.img).toBe(before);
    for (const key of avatarKeys(before)) expect(await getStorage().stat(key)).not.toBeNull();
  });
});
