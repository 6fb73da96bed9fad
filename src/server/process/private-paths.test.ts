import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEmbedded } from "../db/client";
import { createLocalStorage } from "../files/storage";

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("what the server keeps on disk is its own account's alone", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "hed-private-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores files 0600 in folders 0700, and narrows a files folder an earlier version left 0755", async () => {
    const root = join(dir, "files");
    mkdirSync(root, { mode: 0o755 });
    const storage = createLocalStorage(root);
    await storage.check();
    expect(modeOf(root)).toBe(0o700);
    await storage.put(
      "task-attachments",
      "owner/abc.pdf",
      new Blob([new Uint8Array([37, 80, 68, 70])]),
    );
    expect(modeOf(join(root, "task-attachments"))).toBe(0o700);
    expect(modeOf(join(root, "task-attachments", "owner"))).toBe(0o700);
    expect(modeOf(join(root, "task-attachments", "owner", "abc.pdf"))).toBe(0o600);
  });

  it("keeps DATA_DIR and the embedded database's folder 0700", async () => {
    const dataDir = join(dir, "data");
    mkdirSync(join(dataDir, "pgdata"), { recursive: true, mode: 0o755 });
    const database = await openEmbedded(dataDir);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, "pgdata"))).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});
