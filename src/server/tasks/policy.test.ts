import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/roles";
import type { TaskAbilities, TaskStatus } from "../../shared/tasks";
import { taskAbilities } from "./policy";

const ME = "me";
const OTHER = "someone-else";

type Case = {
  role: Role;
  /** Whose task it is. */
  assignee: string;
  /** Who uploaded the response file, if there is one. */
  uploader?: string;
  status?: TaskStatus;
  expected: TaskAbilities;
};

const NOTHING: TaskAbilities = {
  view: false,
  edit: false,
  complete: false,
  delete: false,
  reportProgress: false,
  uploadResponseFile: false,
  deleteResponseFile: false,
  reply: false,
  requestExtension: false,
};
const WATCH: TaskAbilities = { ...NOTHING, view: true };
const ADMIN: TaskAbilities = {
  view: true,
  edit: true,
  complete: true,
  delete: true,
  reportProgress: true,
  uploadResponseFile: true,
  deleteResponseFile: false,
  reply: true,
  requestExtension: false,
};
const ASSIGNEE: TaskAbilities = {
  ...WATCH,
  reportProgress: true,
  uploadResponseFile: true,
  requestExtension: true,
};

/** Every role against its own task, another's, with and without a response file, done or not. */
const CASES: Case[] = [
  { role: "admin", assignee: OTHER, expected: ADMIN },
  { role: "admin", assignee: ME, expected: ADMIN },
  {
    role: "admin",
    assignee: OTHER,
    uploader: OTHER,
    expected: { ...ADMIN, uploadResponseFile: false, deleteResponseFile: true },
  },
  { role: "admin", assignee: OTHER, status: "completed", expected: { ...ADMIN, complete: false } },
  { role: "organization_head", assignee: OTHER, expected: WATCH },
  { role: "organization_head", assignee: ME, expected: WATCH },
  { role: "organization_head", assignee: OTHER, uploader: OTHER, expected: WATCH },
  { role: "organization_head", assignee: ME, uploader: ME, expected: WATCH },
  { role: "user", assignee: ME, expected: ASSIGNEE },
  {
    role: "user",
    assignee: ME,
    status: "completed",
    expected: { ...ASSIGNEE, requestExtension: false },
  },
  { role: "user", assignee: ME, status: "delayed", expected: ASSIGNEE },
  {
    role: "user",
    assignee: ME,
    uploader: ME,
    expected: { ...ASSIGNEE, uploadResponseFile: false, deleteResponseFile: true },
  },
  // An admin uploaded on the user's behalf: only the uploader or an admin removes it.
  {
    role: "user",
    assignee: ME,
    uploader: OTHER,
    expected: { ...ASSIGNEE, uploadResponseFile: false },
  },
  { role: "user", assignee: OTHER, expected: NOTHING },
  // The uploader of a file on a task since handed to someone else no longer reads it.
  { role: "user", assignee: OTHER, uploader: ME, expected: NOTHING },
];

describe("taskAbilities", () => {
  it.each(CASES)("$role on a task of $assignee (file by $uploader, $status)", (c) => {
    const task = { assignedTo: c.assignee, status: c.status ?? "in_progress" };
    const file = c.uploader === undefined ? null : { uploadedBy: c.uploader };
    expect(taskAbilities({ id: ME, role: c.role }, task, file)).toEqual(c.expected);
  });

  it("answers for every action of every role", () => {
    const roles = new Set(CASES.map((c) => c.role));
    expect([...roles].sort()).toEqual(["admin", "organization_head", "user"]);
    const actions = Object.keys(
      taskAbilities({ id: ME, role: "user" }, { assignedTo: ME, status: "in_progress" }, null),
    );
    expect(actions.sort()).toEqual(Object.keys(NOTHING).sort());
  });

  it("a file whose uploader was deleted is an admin's to remove", () => {
    const task = { assignedTo: ME, status: "in_progress" as const };
    const orphan = { uploadedBy: null };
    expect(taskAbilities({ id: ME, role: "user" }, task, orphan).deleteResponseFile).toBe(false);
    expect(taskAbilities({ id: OTHER, role: "admin" }, task, orphan).deleteResponseFile).toBe(true);
  });
});
