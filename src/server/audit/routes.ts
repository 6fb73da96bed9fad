import { Hono } from "hono";
import { stream } from "hono/streaming";
import { auditQuery } from "../../shared/audit";
import type { AppEnv } from "../http/context";
import { requireRole } from "../http/guards";
import { languageOf } from "../http/language";
import { validate } from "../http/validate";
import type { AuditService } from "./service";

/**
 * /api/audit: the audit trail, read-only, for administrators and organization heads, each the
 * rows of the records they may read (service.ts).
 */
export function auditRoutes(audit: AuditService) {
  return new Hono<AppEnv>()
    .use(requireRole("admin", "organization_head"))
    .get("/", validate("query", auditQuery), async (c) =>
      c.json(await audit.list(c.req.valid("query"), c.var.user)),
    )
    .get("/export.csv", validate("query", auditQuery), (c) => {
      const { page: _page, ...filters } = c.req.valid("query");
      const language = languageOf(c);
      const reader = c.var.user;
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${audit.csvFileName()}"`);
      c.header("Cache-Control", "no-store");
      return stream(c, async (out) => {
        for await (const chunk of audit.csv(filters, reader, language)) await out.write(chunk);
      });
    })
    .get("/status", async (c) => c.json(await audit.status()));
}
