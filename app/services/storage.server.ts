// Where uploaded media live, behind one interface with two drivers chosen once
// by configuration: local disk (UPLOADS_DIR, the default) or an S3-compatible
// bucket (S3_BUCKET). Everything that writes, reads or deletes media goes
// through getStorage(); /media/* serves it the same way whichever driver holds
// the bytes.
import path from "node:path";
import { config, type Config } from "./config.server";
import { createDiskStorage } from "./storage/disk.server";
import { createS3Storage } from "./storage/s3.server";
import type { Storage } from "./storage/types";

export { checkKey, isValidKey, mediaContentType, type ByteRange, type ListedObject, type Storage, type StoredFile } from "./storage/types";

/** The driver the configuration names. */
export function createStorage(cfg: Pick<Config, "s3" | "uploadsDir">): Storage {
  return cfg.s3 ? createS3Storage(cfg.s3) : createDiskStorage(path.resolve(cfg.uploadsDir));
}

let storage: Storage | undefined;

/** The process's storage, chosen on first use. */
export function getStorage(): Storage {
  storage ??= createStorage(config());
  return storage;
}

/** Chooses the driver again on next use (tests that change UPLOADS_DIR or S3_* and call resetConfig). */
export function resetStorage(): void {
  storage = undefined;
}
