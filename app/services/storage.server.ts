// Where uploaded files live. Local disk now; the interface is what an
// S3-compatible store would implement later.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { type Readable } from "node:stream";
import { config } from "./config.server";

export type StoredFile = { size: number; mtimeMs: number };

export interface Storage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  stat(key: string): Promise<StoredFile | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(keys: string[]): Promise<void>;
}

const KEY = /^[\w-]+(?:\/[\w.-]+)*$/;

/** A key is a relative path of safe segments: never `..`, never absolute. */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split("/").some((s) => s === "." || s === "..");
}

export function createDiskStorage(root: string): Storage {
  const file = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (Buffer.isBuffer(data)) await fsp.writeFile(target, data);
      else await new Promise<void>((resolve, reject) => data.pipe(fs.createWriteStream(target)).on("finish", resolve).on("error", reject));
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const s = await fsp.stat(file(key));
        return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return fs.createReadStream(file(key), range);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(file(key), { force: true })));
    },
  };
}

let storage: Storage | undefined;
export function getStorage(): Storage {
  storage ??= createDiskStorage(path.resolve(config().uploadsDir));
  return storage;
}
