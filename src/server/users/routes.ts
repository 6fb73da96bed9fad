import { Hono } from "hono";
import {
  changePasswordInput,
  createUserInput,
  deleteUserInput,
  listUsersQuery,
  USER_MESSAGES,
  updateUserInput,
} from "../../shared/users";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../env";
import { validate } from "../validate";
import type { UserService } from "./service";

/** /api/admin/users: the User Management panel; administrators only. */
export function adminUserRoutes(users: UserService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/", validate("query", listUsersQuery), async (c) =>
      c.json(await users.list(c.req.valid("query"))),
    )
    .post("/", validate("json", createUserInput), async (c) => {
      const created = await users.create(c.var.user, c.req.valid("json"));
      return c.json(created, 201);
    })
    .patch("/:id", validate("json", updateUserInput), async (c) =>
      c.json(await users.update(c.var.user, c.req.param("id"), c.req.valid("json"))),
    )
    .post("/:id/password", validate("json", changePasswordInput), async (c) => {
      const { name } = await users.changePassword(
        c.var.user,
        c.req.param("id"),
        c.req.valid("json").newPassword,
      );
      return c.json({ message: USER_MESSAGES.passwordChanged(name) });
    })
    .delete("/:id", validate("query", deleteUserInput), async (c) => {
      await users.remove(c.var.user, c.req.param("id"), c.req.valid("query").handOverTo);
      return c.json({ message: USER_MESSAGES.deleted });
    });
}

/**
 * /api/users/assignable: who tasks can go to. Administrators assign with it; organization
 * heads filter the task list by it.
 */
export function userRoutes(users: UserService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin", "organization_head"))
    .get("/assignable", async (c) => c.json(await users.assignable()));
}
