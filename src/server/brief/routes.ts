import { Hono } from "hono";
import { briefQuery } from "../../shared/brief";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { validate } from "../http/validate";
import type { BriefService } from "./service";

/** /api/brief: the Daily Brief, for administrators and organization heads. */
export function briefRoutes(brief: BriefService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin", "organization_head"))
    .get("/", validate("query", briefQuery), async (c) =>
      c.json(await brief.read(c.req.valid("query").date)),
    );
}
