import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/roles";
import { userAbilities } from "./policy";

const actor = (role: Role) => ({
  id: "me",
  userId: "me",
  email: null,
  displayName: "Me",
  role,
  language: "en" as const,
  receiptIssueDuty: false,
});

describe("userAbilities", () => {
  it("an admin edits, re-keys and deletes any other account", () => {
    expect(userAbilities(actor("admin"), "someone-else")).toEqual({
      edit: true,
      changePassword: true,
      delete: true,
    });
  });

  it("an admin edits their own account (role included) but never deletes it", () => {
    expect(userAbilities(actor("admin"), "me")).toEqual({
      edit: true,
      changePassword: true,
      delete: false,
    });
  });

  it.each(["user", "organization_head"] as const)("a %s may do nothing to accounts", (role) => {
    for (const target of ["me", "someone-else"])
      expect(userAbilities(actor(role), target)).toEqual({
        edit: false,
        changePassword: false,
        delete: false,
      });
  });
});
