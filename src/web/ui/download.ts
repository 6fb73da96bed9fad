// Browsers may read the blob after click() returns, so the URL outlives the click a while.
const REVOKE_AFTER_MS = 30_000;

/** Saves `blob` as a file named `fileName` through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
