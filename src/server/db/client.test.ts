import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, openEmbedded } from "./client";

describe("openEmbedded", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a DATA_DIR another process holds, and frees it on close", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hed-lock-"));
    dirs.push(dir);
    const first = await openEmbedded(dir);
    await expect(openEmbedded(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openEmbedded(dir)).rejects.toThrow(/is in use by another process/);
    await first.close();
    const again = await openEmbedded(dir);
    await again.close();
  });
});
