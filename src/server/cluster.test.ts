import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./cluster";

describe("a worker's node flags", () => {
  it("are this process's, then the heap settings", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual([
      "--enable-source-maps",
      "--max-old-space-size=512",
      "--max-semi-space-size=8",
    ]);
  });

  it("leave a heap setting given by hand, in either spelling, to the hand", () => {
    expect(workerExecArgv(["--max-old-space-size=2048"], "")).toEqual([
      "--max-old-space-size=2048",
      "--max-semi-space-size=8",
    ]);
    expect(workerExecArgv([], "--max_semi_space_size=16 --max-old-space-size=1024")).toEqual([]);
  });
});
