import { Hono } from "hono";
import type { PublicConfig } from "../../shared/auth";
import { languageInput } from "../../shared/users";
import type { AppEnv } from "../http/context";
import { validate } from "../http/validate";
import type { UserService } from "../users/service";
import { requireUser } from "./session";

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
