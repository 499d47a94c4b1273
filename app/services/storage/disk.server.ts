// Media on local disk (UPLOADS_DIR): one file per key.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { checkKey, isValidKey, type Storage } from "./types";

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
  };
}
