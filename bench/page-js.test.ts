import { describe, expect, it } from "vitest";
import { countRounds } from "./page-js";

describe("countRounds", () => {
  it("counts the bursts of requests a round trip apart", () => {
    expect(countRounds([])).toBe(0);
    expect(countRounds([0, 3, 5])).toBe(1);
    expect(countRounds([0, 2, 160, 161, 330])).toBe(3);
    expect(countRounds([330, 0, 161])).toBe(3);
  });
});
