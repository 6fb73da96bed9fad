import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/roles";
import { TASK_FILTER_FIELDS, type TaskFilters } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { type TaskScope, taskScope, usesCounters } from "./counts";

const actor = (role: Role): CurrentUser => ({
  id: `${role}-id`,
  userId: null,
  email: null,
  displayName: role,
  role,
  language: "en",
  receiptIssueDuty: false,
});
const admin = actor("admin");

describe("totals from task_counts", () => {
  it("are used for a person and a status alone", () => {
    expect(usesCounters(taskScope(admin, {}))).toBe(true);
    expect(usesCounters(taskScope(admin, { status: "overdue", assignedUser: "someone" }))).toBe(
      true,
    );
    // A user's list is always their own: still a person and a status.
    expect(usesCounters(taskScope(actor("user"), { status: "completed", page: 3 }))).toBe(true);
  });

  it("are not used once a date narrows the list", () => {
    expect(usesCounters(taskScope(admin, { dueDate: "2026-11-22" }))).toBe(false);
    expect(usesCounters(taskScope(admin, { assignDateTo: "2026-11-22", status: "all" }))).toBe(
      false,
    );
  });

  it("are not used for any list filter other than person and status", () => {
    const others = TASK_FILTER_FIELDS.filter(
      (field) => field !== "status" && field !== "assignedUser",
    );
    expect(others.length).toBeGreaterThan(0);
    for (const field of others) {
      const filters = { [field]: "2026-11-22" } as Partial<TaskFilters>;
      expect(usesCounters(taskScope(admin, filters)), field).toBe(false);
    }
  });

  it("are not used for a scope field they do not know, so a new filter cannot slip past", () => {
    const withNewField = { statuses: ["completed"], taskType: "Request" } as TaskScope;
    expect(usesCounters(withNewField)).toBe(false);
  });

  it("are used when the other fields are present but unset", () => {
    expect(usesCounters({ assignDate: undefined, dueDate: undefined })).toBe(true);
  });
});
