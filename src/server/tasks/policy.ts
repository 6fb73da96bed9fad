import type { CurrentUser } from "../../shared/users";

/** Who may do what to which task (SPEC.md section 6). */
export const taskPolicy = {
  /** Admins and organization heads see every task; anyone else only their own. */
  seesAllTasks(actor: Pick<CurrentUser, "role">): boolean {
    return actor.role === "admin" || actor.role === "organization_head";
  },
  canRead(actor: Pick<CurrentUser, "id" | "role">, task: { assignedTo: string }): boolean {
    return taskPolicy.seesAllTasks(actor) || task.assignedTo === actor.id;
  },
  canManage(actor: CurrentUser): boolean {
    return actor.role === "admin";
  },
  /** Remarks and the response file: the assignee, or an admin. Organization heads only watch. */
  canReportProgress(actor: CurrentUser, task: { assignedTo: string }): boolean {
    return (
      actor.role === "admin" || (actor.role !== "organization_head" && task.assignedTo === actor.id)
    );
  },
  canDeleteResponseFile(actor: CurrentUser, file: { uploadedBy: string | null }): boolean {
    return (
      actor.role === "admin" || (actor.role !== "organization_head" && file.uploadedBy === actor.id)
    );
  },
};
