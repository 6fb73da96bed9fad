import { describe, expect, it } from "vitest";
import {
  catalogMismatches,
  literalJsxTexts,
  unknownKeys,
  unusedKeys,
} from "../../scripts/check-catalogs";

describe("the message catalogs", () => {
  it("hold the same keys and placeholders in English and Urdu", () => {
    expect(catalogMismatches()).toEqual([]);
  });

  it("have no key that the code never names", () => {
    expect(unusedKeys()).toEqual([]);
  });

  it("hold every namespace:key the code names", () => {
    expect(unknownKeys()).toEqual([]);
  });

  it("leave no literal text in JSX for people to read", () => {
    expect(literalJsxTexts()).toEqual([]);
  });
});
