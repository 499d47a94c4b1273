// Which objects of the media store the database still names: the photo variants,
// videos and video posters of `media` rows (posts, comments, games, projects) and the profile
// photos of `users.img`. The storage sweep (app/flows/storage-sweep.server.ts)
// removes old objects that none of them names.
import { inArray } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { avatarKeys, mediaKeys } from "~/services/media.server";

/** The top folders of the store the app writes to (storeMedia's `posts/{id}`, storeAvatar's `avatars/{user}`); nothing else is swept. */
export const MEDIA_FOLDERS = ["posts", "avatars"] as const;

/** Keys per query: three names each, well below either database's limit on parameters. */
const LOOKUP_BATCH = 400;

/**
 * The `media.path` a row would hold for `key`: the key itself (a video, its
 * original while processing or its MP4), a photo variant's (`…/1-640.webp`)
 * base name, or for a video's poster (`…/1-{id}-640.webp`) its MP4, which the
 * video processor names after the posters' base (`…/1-{id}.mp4`), so that one
 * indexed column answers for all of them.
 */
function rowNames(key: string): string[] {
  if (!key.endsWith(".webp")) return [key];
  const dash = key.lastIndexOf("-");
  if (dash <= 0 || !/^\d+$/.test(key.slice(dash + 1, -".webp".length))) return [key];
  const base = key.slice(0, dash);
  return [key, base, `${base}.mp4`];
}

/** Those of `keys` that a media row or a user's profile photo names: a few indexed queries per 400 keys. */
export async function keysInUse(keys: string[]): Promise<Set<string>> {
  const db = getDb();
  const asked = new Set(keys);
  const used = new Set<string>();
  for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
    const names = [...new Set(keys.slice(i, i + LOOKUP_BATCH).flatMap(rowNames))];
    const media = await db
      .select({
        kind: schema.media.kind,
        path: schema.media.path,
        variants: schema.media.variants,
        posterPath: schema.media.posterPath,
        posterVariants: schema.media.posterVariants,
      })
      .from(schema.media)
      .where(inArray(schema.media.path, names));
    const users = await db.select({ img: schema.users.img }).from(schema.users).where(inArray(schema.users.img, names));
    for (const key of [...media.flatMap(mediaKeys), ...users.flatMap((u) => avatarKeys(u.img))]) {
      if (asked.has(key)) used.add(key);
    }
  }
  return used;
}
