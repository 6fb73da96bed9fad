import { newObjectKey, type Storage } from "../../files/storage";
import { type CheckedUpload, checkUpload } from "../../files/validate-upload";

/** Stores an upload first; the caller removes it again if the database write fails. */
export async function storeAttachment(
  storage: Storage,
  file: File | undefined,
  ownerId: string,
): Promise<(CheckedUpload & { key: string }) | null> {
  if (!file) return null;
  const checked = await checkUpload(file);
  const key = newObjectKey(ownerId, checked.extension);
  await storage.put("task-attachments", key, checked.content);
  return { ...checked, key };
}
