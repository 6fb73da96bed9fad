import { describe, expect, it } from "vitest";
import { canReadRecord, engagementAbilities } from "./policy";

describe("engagementAbilities", () => {
  it.each([
    {
      role: "admin" as const,
      expected: { edit: true, delete: true, record: true, seeCompliance: true },
    },
    {
      role: "organization_head" as const,
      expected: { edit: false, delete: false, record: false, seeCompliance: true },
    },
    {
      role: "user" as const,
      expected: { edit: false, delete: false, record: false, seeCompliance: false },
    },
  ])("$role", ({ role, expected }) => {
    expect(engagementAbilities({ role })).toEqual(expected);
  });
});

describe("canReadRecord", () => {
  it("lets admins and heads read every record, a user only their own meetings'", () => {
    expect(canReadRecord({ role: "admin" }, false)).toBe(true);
    expect(canReadRecord({ role: "organization_head" }, false)).toBe(true);
    expect(canReadRecord({ role: "user" }, true)).toBe(true);
    expect(canReadRecord({ role: "user" }, false)).toBe(false);
  });
});
