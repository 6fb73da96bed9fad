import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  catalogCharacters,
  codepointsOf,
  cssUnicodeRanges,
  FONT_CSS,
  sourcePath,
  subsetPath,
  unicodeRange,
  WEIGHTS,
} from "../../scripts/subset-urdu-font";

function hex(codepoint: number): string {
  return `U+${codepoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

describe("the Urdu font subsets", () => {
  it.each(WEIGHTS)(
    "hold, at %i, every character of the catalogs that Nastaliq draws",
    async (weight) => {
      const source = new Set(await codepointsOf(readFileSync(sourcePath(weight))));
      const subset = new Set(await codepointsOf(readFileSync(subsetPath(weight))));
      const lacking = [...catalogCharacters()]
        .map((c) => c.codePointAt(0) ?? 0)
        .filter((codepoint) => source.has(codepoint) && !subset.has(codepoint))
        .map(hex);
      // Not empty: run `node --import tsx scripts/subset-urdu-font.ts`.
      expect(lacking).toEqual([]);
    },
  );

  it("are declared in urdu-font.css with exactly the characters they hold", async () => {
    const declared = cssUnicodeRanges(readFileSync(FONT_CSS, "utf8"));
    expect(declared).toHaveLength(WEIGHTS.length);
    for (const weight of WEIGHTS) {
      const held = unicodeRange(await codepointsOf(readFileSync(subsetPath(weight))));
      for (const range of declared) expect(range).toBe(held);
    }
  });
});
