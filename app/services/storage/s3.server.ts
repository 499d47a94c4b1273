// Media in an S3-compatible bucket (S3_BUCKET) through the AWS SDK v3: AWS
// itself, or any server that speaks the S3 API (MinIO, Garage, Ceph, R2…).
//
// For servers that are not AWS: path-style addressing (S3_FORCE_PATH_STYLE, on
// by default with S3_ENDPOINT) and checksums only where an operation requires
// them — since SDK 3.729 the client adds CRC checksums to every upload and
// checks them on every download by default, which many of those servers
// refuse or do not send.
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { checkKey, isValidKey, LIST_PAGE_SIZE, mediaContentType, type Storage } from "./types";

export type S3Options = {
  bucket: string;
  /** Unset: AWS. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

/** The most keys one DeleteObjects request may name. */
const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");
}

export function createS3Client(opts: S3Options): S3Client {
  // Each video being watched holds one connection to the store while it streams:
  // allow many more than the SDK's default 50 before requests queue.
  const agent = { keepAlive: true, maxSockets: 512 };
  return new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent),
      // A store that does not answer fails the request instead of stalling it;
      // the socket timeout also ends a download nobody has read for a minute.
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
    },
  });
}

export function createS3Storage(opts: S3Options, client: S3Client = createS3Client(opts)): Storage {
  const Bucket = opts.bucket;
  return {
    async put(key, data) {
      const Key = checkKey(key);
      // Streamed in parts of 5 MB (a few in flight) when larger, one PUT otherwise.
      const upload = new Upload({ client, params: { Bucket, Key, Body: data, ContentType: mediaContentType(key) }, queueSize: 2 });
      try {
        await upload.done();
      } catch (error) {
        if (data instanceof Readable) data.destroy();
        // lib-storage aborts a multipart upload that failed, and a single PUT that
        // failed stored nothing; but a PUT whose answer was lost may have landed.
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
        throw error;
      }
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"` };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      if (!isValidKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // In Node the body is the HTTP response itself: streamed, never buffered.
        if (!(object.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: the body is not a stream`);
        return object.Body;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: checkKey(key) }));
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length) {
          throw new Error(`S3: could not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ""}`.trim());
        }
      }
    },
    async *list(folder, pageSize = LIST_PAGE_SIZE) {
      const Prefix = `${checkKey(folder)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken, MaxKeys: Math.min(pageSize, LIST_PAGE_SIZE) }));
        const objects = (page.Contents ?? []).flatMap((o) =>
          o.Key && isValidKey(o.Key) ? [{ key: o.Key, modifiedAt: o.LastModified?.getTime() ?? Date.now() }] : [],
        );
        if (objects.length) yield objects;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
