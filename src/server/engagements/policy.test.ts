import { describe, expect, it } from "vitest";
import { engagementAbilities } from "./policy";

describe("engagementAbilities", () => {
  it.each([
    { role: "admin" as const, expected: { edit: true, delete: true } },
    { role: "organization_head" as const, expected: { edit: false, delete: false } },
    { role: "user" as const, expected: { edit: false, delete: false } },
  ])("$role", ({ role, expected }) => {
    expect(engagementAbilities({ role })).toEqual(expected);
  });
});
