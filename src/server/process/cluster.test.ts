import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./cluster";

describe("a worker's node flags", () => {
  it("are this process's, then the heap settings", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual([
      "--enable-source-maps",
      "--max-old-space-size=512",
    ]);
  });

  it("leave a heap setting given by hand, in either spelling, to the hand", () => {
    expect(workerExecArgv(["--max-old-space-size=2048"], "")).toEqual([
      "--max-old-space-size=2048",
    ]);
    expect(workerExecArgv([], "--max_old_space_size=1024")).toEqual([]);
  });
});
