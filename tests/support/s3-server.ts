// A local S3-compatible server (s3rver) on 127.0.0.1, a random port and a
// temporary folder, with one bucket: for the S3 storage driver's tests and for
// app processes that share a bucket (tests/cluster). No outside network.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The app's settings for this bucket (S3_BUCKET, S3_ENDPOINT, keys, path style). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Empties the bucket. */
  clear(): Promise<void>;
  stop(): Promise<void>;
};

/** s3rver's fixed credentials. */
const KEY = "S3RVER";

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = opts.bucket ?? "campus-media";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  async function keys(prefix?: string): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return found.sort();
  }
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    keys,
    async clear() {
      const all = await keys();
      for (let i = 0; i < all.length; i += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.slice(i, i + 1000).map((Key) => ({ Key })) } }));
      }
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
