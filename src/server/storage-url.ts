import { join } from "node:path";

/**
 * Where uploaded files live, as STORAGE_URL says: unset, a folder of DATA_DIR (`files`);
 * `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`, an S3-compatible store
 * (MinIO, Ceph, AWS), its keys S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or, when those are
 * unset, the AWS SDK's own (AWS_ACCESS_KEY_ID, a profile, an instance role).
 */
export type StorageLocation =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** Prepended to every key ("hed/" for s3://bucket/hed), so one bucket may serve several. */
      prefix: string;
      /** An S3-compatible server's address; AWS itself when absent. */
      endpoint: string | undefined;
      region: string;
      /** bucket in the path (MinIO, Ceph) rather than in the host name (AWS). */
      forcePathStyle: boolean;
    };

const S3_OPTIONS = new Set(["endpoint", "region", "forcePathStyle"]);
/** S3 bucket names: 3-63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** STORAGE_URL parsed, or a message saying what is wrong with it (config.ts names the variable). */
export function parseStorageUrl(
  url: string | undefined,
  dataDir: string,
): StorageLocation | { error: string } {
  if (!url) return { kind: "local", dir: join(dataDir, "files") };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: "must be an s3://bucket URL" };
  }
  if (parsed.protocol !== "s3:") return { error: "must be an s3://bucket URL" };
  const bucket = parsed.hostname;
  if (!BUCKET_NAME.test(bucket))
    return { error: `"${bucket}" is not a bucket name (3-63 lower-case letters, digits, - and .)` };
  for (const key of parsed.searchParams.keys())
    if (!S3_OPTIONS.has(key))
      return { error: `unknown option "${key}" (endpoint, region, forcePathStyle)` };
  const endpoint = parsed.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint))
    return { error: "endpoint must be an http:// or https:// address" };
  const pathStyle = parsed.searchParams.get("forcePathStyle") ?? "false";
  if (pathStyle !== "true" && pathStyle !== "false")
    return { error: "forcePathStyle must be true or false" };
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, "");
  return {
    kind: "s3",
    bucket,
    prefix: path ? `${path}/` : "",
    endpoint,
    region: parsed.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: pathStyle === "true",
  };
}

/** How readiness names the store to whoever asks: the bucket, never an address or a key. */
export function storageName(location: StorageLocation): string {
  return location.kind === "local" ? "the files folder" : `bucket "${location.bucket}"`;
}
