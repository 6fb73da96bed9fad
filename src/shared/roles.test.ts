import { describe, expect, it } from "vitest";
import { roleOrDefault } from "./roles";

describe("roleOrDefault", () => {
  it("keeps a known role", () => {
    expect(roleOrDefault("admin")).toBe("admin");
    expect(roleOrDefault("organization_head")).toBe("organization_head");
  });

  it("falls back to user when the lookup fails", () => {
    for (const value of [undefined, null, "", "superuser", 42])
      expect(roleOrDefault(value)).toBe("user");
  });
});
