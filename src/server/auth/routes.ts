import { Hono } from "hono";
import type { PublicConfig } from "../../shared/auth";
import type { AppEnv } from "../env";
import { requireUser } from "./session";

export function sessionRoutes(publicConfig: PublicConfig) {
  return new Hono<AppEnv>()
    .get("/public-config", (c) => c.json(publicConfig))
    .get("/me", requireUser, (c) => c.json(c.var.user));
}
