import type { ExtensionRequestFields, ExtensionStatus } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { approveExtension } from "./extension-requests/approve";
import { declineExtension } from "./extension-requests/decline";
import type { ExtensionDeps } from "./extension-requests/deps";
import { listExtensionRequests } from "./extension-requests/list";
import { requestExtension } from "./extension-requests/request";

/**
 * Extension requests: the assignee asks for a later due date with a reason; an admin approves
 * (the due date moves, the first one is kept as the task's original) or declines with a reason.
 * One file of extension-requests/ each: request.ts, list.ts, approve.ts and decline.ts.
 */
export function createExtensionService(deps: ExtensionDeps) {
  return {
    request: (actor: CurrentUser, taskId: string, input: ExtensionRequestFields) =>
      requestExtension(deps, actor, taskId, input),
    list: (actor: CurrentUser, status: ExtensionStatus) =>
      listExtensionRequests(deps, actor, status),
    approve: (actor: CurrentUser, id: string) => approveExtension(deps, actor, id),
    decline: (actor: CurrentUser, id: string, reason: string) =>
      declineExtension(deps, actor, id, reason),
  };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
