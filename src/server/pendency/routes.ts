import { Hono } from "hono";
import { pendencyQuery } from "../../shared/pendency";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { validate } from "../http/validate";
import type { PendencyService } from "./service";

/** /api/pendency: administrators and organization heads. */
export function pendencyRoutes(pendency: PendencyService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin", "organization_head"))
    .get("/", validate("query", pendencyQuery), async (c) =>
      c.json(await pendency.dashboard(c.var.user, c.req.valid("query"))),
    );
}
