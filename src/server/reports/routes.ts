import { Hono } from "hono";
import { reportQuery } from "../../shared/reports";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../env";
import { respondPrepared } from "../prepared-json";
import { validate } from "../validate";
import type { ReportService } from "./service";

/** /api/reports: administrators only. */
export function reportRoutes(reports: ReportService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/performance", validate("query", reportQuery), async (c) =>
      respondPrepared(c, await reports.prepared(c.req.valid("query").range)),
    );
}
