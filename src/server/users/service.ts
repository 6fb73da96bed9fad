import type { Language } from "../../shared/i18n/languages";
import type {
  CreateUserFields,
  CurrentUser,
  UpdateUserFields,
  UserListFilters,
} from "../../shared/users";
import { createUser } from "./create";
import { deleteUser } from "./delete";
import type { UserDeps } from "./deps";
import { assignableUsers, getUser, listUsers } from "./list";
import { changePassword } from "./password";
import { approveUser, listPendingUsers, rejectUser } from "./pending";
import { setLanguage, updateUser } from "./update";

// The Excel export (exports/users.ts) reads Manage Users' rows through this.
export { selectUserList } from "./list";

/**
 * The account operations the routes call, over one set of dependencies: Manage Users' lists
 * (list.ts), the sign-ups awaiting approval (pending.ts), create.ts, update.ts (with a
 * person's own language), password.ts and delete.ts.
 */
export function createUserService(deps: UserDeps) {
  return {
    setLanguage: (id: string, language: Language) => setLanguage(deps, id, language),
    list: (viewer: CurrentUser, query: UserListFilters) => listUsers(deps, viewer, query),
    listPending: (query: UserListFilters) => listPendingUsers(deps, query),
    approve: (actor: CurrentUser, id: string) => approveUser(deps, actor, id),
    reject: (actor: CurrentUser, id: string) => rejectUser(deps, actor, id),
    assignable: (options: { includeHeads: boolean; withEmails: boolean }) =>
      assignableUsers(deps, options),
    create: (actor: CurrentUser, input: CreateUserFields) => createUser(deps, actor, input),
    get: (viewer: CurrentUser, id: string) => getUser(deps, viewer, id),
    update: (actor: CurrentUser, id: string, input: UpdateUserFields) =>
      updateUser(deps, actor, id, input),
    changePassword: (actor: CurrentUser, id: string, newPassword: string) =>
      changePassword(deps, actor, id, newPassword),
    remove: (actor: CurrentUser, id: string, handOverTo?: string) =>
      deleteUser(deps, actor, id, handOverTo),
  };
}

export type UserService = ReturnType<typeof createUserService>;
