import { Hono } from "hono";
import { reportQuery } from "../../shared/reports";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { respondPrepared } from "../http/prepared-json";
import { validate } from "../http/validate";
import type { ReportService } from "./service";

/** /api/reports: administrators only. */
export function reportRoutes(reports: ReportService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/performance", validate("query", reportQuery), async (c) =>
      respondPrepared(c, await reports.prepared(c.req.valid("query").range)),
    );
}
