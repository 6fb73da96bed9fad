import { Hono } from "hono";
import type { PublicConfig } from "../../shared/auth";
import type { PasswordRules } from "../../shared/passwords";
import {
  accountIdParam,
  assignableUsersQuery,
  changePasswordInputFor,
  createUserInputFor,
  deleteUserInput,
  languageInput,
  listUsersQuery,
  USER_MESSAGES,
  updateUserInput,
} from "../../shared/users";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { requireRole, requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import { userPolicy } from "./policy";
import type { UserService } from "./service";

/** /api/admin/users: the User Management panel; administrators only. */
export function adminUserRoutes(users: UserService, passwords: PasswordRules) {
  const id = validate("param", accountIdParam);
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/", validate("query", listUsersQuery), async (c) =>
      c.json(await users.list(c.var.user, c.req.valid("query"))),
    )
    .get("/pending", validate("query", listUsersQuery), async (c) =>
      c.json(await users.listPending(c.req.valid("query"))),
    )
    .get("/:id", id, async (c) => c.json(await users.get(c.var.user, c.req.valid("param").id)))
    .post("/:id/approve", id, async (c) => {
      const { name } = await users.approve(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, USER_MESSAGES.approved(name)) });
    })
    .post("/:id/reject", id, async (c) => {
      const { name } = await users.reject(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, USER_MESSAGES.rejected(name)) });
    })
    .post("/", validate("json", createUserInputFor(passwords)), async (c) => {
      const created = await users.create(c.var.user, c.req.valid("json"));
      return c.json(created, 201);
    })
    .patch("/:id", id, validate("json", updateUserInput), async (c) =>
      c.json(await users.update(c.var.user, c.req.valid("param").id, c.req.valid("json"))),
    )
    .post("/:id/password", id, validate("json", changePasswordInputFor(passwords)), async (c) => {
      const { name } = await users.changePassword(
        c.var.user,
        c.req.valid("param").id,
        c.req.valid("json").newPassword,
      );
      return c.json({ message: translateFor(c, USER_MESSAGES.passwordChanged(name)) });
    })
    .delete("/:id", id, validate("query", deleteUserInput), async (c) => {
      await users.remove(c.var.user, c.req.valid("param").id, c.req.valid("query").handOverTo);
      return c.json({ message: translateFor(c, USER_MESSAGES.deleted) });
    });
}

/**
 * /api/users/assignable: the people pickers (users/policy.ts). Every signed-in account reads
 * who tasks can go to: administrators assign, users mark files onward to colleagues, heads
 * filter the task list, the registers' keepers mark receipts to officers. Only administrators
 * get the e-mail addresses. `includeHeads=true` adds organization heads, for the Audit Log's
 * readers (admins and heads) only: 403 for anyone else.
 */
export function userRoutes(users: UserService) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/assignable", validate("query", assignableUsersQuery), async (c) => {
      const { role } = c.var.user;
      const includeHeads = c.req.valid("query").includeHeads === "true";
      if (includeHeads && !userPolicy.canListEveryone(role))
        throw new AppError("FORBIDDEN", "common:error.forbidden");
      return c.json(
        await users.assignable({ includeHeads, withEmails: userPolicy.canSeeEmails(role) }),
      );
    });
}

/** /api/public-config, /api/me: what the app asks before and after signing in. */
export function sessionRoutes(publicConfig: PublicConfig, users: Pick<UserService, "setLanguage">) {
  return new Hono<AppEnv>()
    .get("/public-config", (c) => c.json(publicConfig))
    .get("/me", requireUser, (c) => c.json(c.var.user))
    .put("/me/language", requireUser, validate("json", languageInput), async (c) => {
      const { language } = c.req.valid("json");
      await users.setLanguage(c.var.user.id, language);
      return c.json({ language });
    });
}
