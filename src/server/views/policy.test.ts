import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/roles";
import type { SavedView, SavedViewList } from "../../shared/views";
import { viewAbilities, viewPolicy } from "./policy";

const ME = "me";
const OTHER = "someone-else";

type Abilities = SavedView["can"];

const NOTHING: Abilities = { rename: false, delete: false, share: false, pin: false };
const PIN: Abilities = { ...NOTHING, pin: true };
const OWN: Abilities = { rename: true, delete: true, share: false, pin: true };
const OWN_ADMIN: Abilities = { ...OWN, share: true };

type Case = {
  role: Role;
  owner: string;
  shared: boolean;
  list: SavedViewList;
  expected: Abilities;
};

// engagementChart every role opens; decisions admins and heads; manageTasks admins only.
const CASES: Case[] = [
  // Their own view: every role renames, deletes and pins it; only an admin shares it.
  { role: "user", owner: ME, shared: false, list: "engagementChart", expected: OWN },
  { role: "organization_head", owner: ME, shared: false, list: "decisions", expected: OWN },
  { role: "admin", owner: ME, shared: false, list: "manageTasks", expected: OWN_ADMIN },
  { role: "admin", owner: ME, shared: true, list: "manageTasks", expected: OWN_ADMIN },
  // Someone else's private view is not theirs to see, whatever their role.
  { role: "user", owner: OTHER, shared: false, list: "engagementChart", expected: NOTHING },
  {
    role: "organization_head",
    owner: OTHER,
    shared: false,
    list: "engagementChart",
    expected: NOTHING,
  },
  { role: "admin", owner: OTHER, shared: false, list: "engagementChart", expected: NOTHING },
  // A shared view: pinned by anyone who opens its list; deleted (not changed) by any admin.
  { role: "user", owner: OTHER, shared: true, list: "engagementChart", expected: PIN },
  { role: "organization_head", owner: OTHER, shared: true, list: "decisions", expected: PIN },
  {
    role: "admin",
    owner: OTHER,
    shared: true,
    list: "manageTasks",
    expected: { ...PIN, delete: true },
  },
  // A shared view of a list the role does not open leads nowhere: not seen at all.
  { role: "user", owner: OTHER, shared: true, list: "decisions", expected: NOTHING },
  { role: "organization_head", owner: OTHER, shared: true, list: "manageTasks", expected: NOTHING },
  // Their own view of a list their role no longer opens (a changed role) is out of reach too.
  { role: "user", owner: ME, shared: false, list: "manageTasks", expected: NOTHING },
];

describe("viewAbilities", () => {
  it.each(CASES)("$role, owner $owner, shared $shared, on $list", (c) => {
    const view = { ownerId: c.owner, shared: c.shared, list: c.list };
    expect(viewAbilities({ id: ME, role: c.role }, view)).toEqual(c.expected);
  });

  it("gives every ability only on a view the caller sees", () => {
    for (const c of CASES) {
      const actor = { id: ME, role: c.role };
      const view = { ownerId: c.owner, shared: c.shared, list: c.list };
      if (!viewPolicy.canSee(actor, view)) expect(viewAbilities(actor, view)).toEqual(NOTHING);
    }
  });
});

describe("viewPolicy", () => {
  it("lets only administrators share views", () => {
    expect(viewPolicy.canShareViews({ role: "admin" })).toBe(true);
    expect(viewPolicy.canShareViews({ role: "organization_head" })).toBe(false);
    expect(viewPolicy.canShareViews({ role: "user" })).toBe(false);
  });

  it("opens a list's views to the roles that open its page", () => {
    expect(viewPolicy.canOpenList({ role: "user" }, "engagementChart")).toBe(true);
    expect(viewPolicy.canOpenList({ role: "user" }, "decisions")).toBe(false);
    expect(viewPolicy.canOpenList({ role: "organization_head" }, "decisions")).toBe(true);
    expect(viewPolicy.canOpenList({ role: "organization_head" }, "manageTasks")).toBe(false);
    expect(viewPolicy.canOpenList({ role: "admin" }, "manageUsers")).toBe(true);
    expect(viewPolicy.openableLists({ role: "user" })).toEqual(["engagementChart"]);
  });
});
