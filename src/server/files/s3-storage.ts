import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { type StorageLocation, storageName } from "../storage-url";
import { type Bucket, type Storage, streamOf } from "./storage";

// The SDK's notice on Node 20 (its releases after January 2027 need Node 22) is eight lines on
// stderr at the first request, which would break the start's one-line messages; README says it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; absent, the SDK finds its own. */
export type S3Credentials = { accessKeyId: string; secretAccessKey: string } | undefined;

/** Parts of a streamed upload: S3's least (5 MB), two in flight, so at most 10 MB in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** What a failed call to the store says, as one line: the service's error name, or the cause. */
function reasonOf(err: unknown): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    return status === 404 ? "no such bucket" : `${err.name}${status ? ` (HTTP ${status})` : ""}`;
  }
  return err instanceof Error ? err.message || err.name : String(err);
}

/**
 * Files in an S3-compatible store (MinIO, Ceph, AWS): one bucket, our buckets as the first part
 * of each key (`{prefix}{bucket}/{key}`). Uploads are streamed in parts; downloads stream the
 * object's body to the browser.
 */
export function createS3Storage(
  location: Extract<StorageLocation, { kind: "s3" }>,
  credentials: S3Credentials,
): Storage {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials,
    // Checksums only where S3 requires them: stores other than AWS (older MinIO, Ceph) refuse
    // the SDK's newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const name = storageName(location);
  const Bucket = location.bucket;
  const keyOf = (bucket: Bucket, key: string) => `${location.prefix}${bucket}/${key}`;

  return {
    name,
    async put(bucket, key, content) {
      await new Upload({
        client,
        params: { Bucket, Key: keyOf(bucket, key), Body: streamOf(content) },
        partSize: PART_SIZE,
        queueSize: PARTS_AT_ONCE,
      }).done();
    },
    async open(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(bucket, key) }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async remove(bucket, key) {
      // S3 answers a delete of a missing key with success, as a removal run again needs.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(bucket, key) }));
    },
    async *list(bucket) {
      const start = keyOf(bucket, "");
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: start }))
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key.slice(start.length), size: object.Size ?? 0 };
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const where = location.endpoint ? ` at ${location.endpoint}` : "";
        throw new Error(`cannot reach ${name}${where}: ${reasonOf(err)}`);
      }
    },
  };
}
