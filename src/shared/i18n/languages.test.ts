import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./languages";

describe("negotiateLanguage", () => {
  it("picks Urdu for a Pakistani Urdu browser", () => {
    expect(negotiateLanguage("ur-PK,ur;q=0.9,en;q=0.8")).toBe("ur");
  });
  it("follows the weights, not only the order", () => {
    expect(negotiateLanguage("en;q=0.5,ur;q=0.9")).toBe("ur");
    expect(negotiateLanguage(["fr-FR", "ur", "en"])).toBe("ur");
  });
  it("falls back to English for no header, other languages, or nonsense", () => {
    expect(negotiateLanguage(undefined)).toBe("en");
    expect(negotiateLanguage("fr,de;q=0.5")).toBe("en");
    expect(negotiateLanguage(";;;q=abc,,")).toBe("en");
    expect(negotiateLanguage("ur;q=0")).toBe("en");
  });
});
