import type { StorageLocation } from "../storage-url";
import type { S3Credentials } from "./s3-storage";
import { createLocalStorage, type Storage } from "./storage";

/** The store STORAGE_URL names; the AWS SDK is loaded only when it is an S3 one. */
export async function openStorage(
  location: StorageLocation,
  credentials: S3Credentials,
): Promise<Storage> {
  if (location.kind === "local") return createLocalStorage(location.dir);
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(location, credentials);
}
