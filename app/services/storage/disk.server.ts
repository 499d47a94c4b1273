// Media on local disk (UPLOADS_DIR): one file per key.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { checkKey, isValidKey, LIST_PAGE_SIZE, type ListedObject, type Storage } from "./types";

/**
 * The files under `dir` (keys relative to the root), depth first. Each folder is
 * read as a stream of entries, so memory holds one open folder per level and
 * one page, however many files there are.
 */
async function* walk(root: string, dir: string, pageSize: number, page: ListedObject[]): AsyncGenerator<ListedObject[]> {
  let folder: fs.Dir;
  try {
    folder = await fsp.opendir(dir);
  } catch (error) {
    // A folder removed meanwhile, or none yet: nothing under it.
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return;
    throw error;
  }
  for await (const entry of folder) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(root, full, pageSize, page);
    } else if (entry.isFile()) {
      const key = path.relative(root, full).split(path.sep).join("/");
      if (!isValidKey(key)) continue;
      const s = await fsp.lstat(full).catch(() => null);
      if (!s) continue; // removed since the folder was read
      page.push({ key, modifiedAt: s.mtimeMs });
      if (page.length >= pageSize) yield page.splice(0);
    }
  }
}

export function createDiskStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed once complete: a reader never
      // sees half a file, and a failed write leaves nothing under the key.
      const partial = `${target}.${crypto.randomBytes(6).toString("hex")}.part`;
      try {
        if (Buffer.isBuffer(data)) await fsp.writeFile(partial, data);
        else await pipeline(data, fs.createWriteStream(partial));
        await fsp.rename(partial, target);
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const s = await fsp.stat(file(key));
        return s.isFile() ? { size: s.size, etag: `"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"` } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      if (!isValidKey(key)) return null;
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file(key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      // The stream closes the handle when it ends or is destroyed (a reader that went away).
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(file(key), { force: true })));
    },
    async *list(folder, pageSize = LIST_PAGE_SIZE) {
      const page: ListedObject[] = [];
      yield* walk(root, file(folder), pageSize, page);
      if (page.length) yield page;
    },
  };
}
