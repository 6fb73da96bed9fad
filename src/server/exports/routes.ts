import { Hono } from "hono";
import { auditQuery } from "../../shared/audit";
import { dispatchListQuery, receiptListQuery } from "../../shared/dak";
import { todayIn, weekOf } from "../../shared/dates";
import { decisionListQuery } from "../../shared/decisions";
import { engagementListQuery } from "../../shared/engagements";
import { type ExportList, taskExportQuery } from "../../shared/exports";
import { pendencyQuery } from "../../shared/pendency";
import { reportQuery } from "../../shared/reports";
import { listUsersQuery } from "../../shared/users";
import type { AuditService } from "../audit/service";
import type { Db } from "../db/client";
import type { AppEnv } from "../http/context";
import { requireRole, requireUser } from "../http/guards";
import { type Asker, languageOf } from "../http/language";
import { validate } from "../http/validate";
import type { PendencyService } from "../pendency/service";
import type { ReportService } from "../reports/service";
import type { OverdueSweeper } from "../tasks/overdue";
import { auditSheet } from "./audit";
import { dispatchSheet, receiptSheet } from "./dak";
import { decisionSheet } from "./decisions";
import { engagementSheet } from "./engagements";
import { pendencySheet } from "./pendency";
import { reportSheet } from "./report";
import { taskSheet } from "./tasks";
import { userSheet } from "./users";
import { type SheetOf, xlsxHeaders, xlsxStream } from "./xlsx";

type Deps = {
  db: Db;
  sweeper: OverdueSweeper;
  reports: ReportService;
  audit: AuditService;
  pendency: PendencyService;
  timeZone: string;
  clock: () => Date;
};

/**
 * /api/exports/<list>: each list as an .xlsx, streamed as it is read from the database, with the
 * list's own query, roles and scope (a user's tasks are their own). The lists' CSVs stay.
 */
export function exportRoutes({ db, sweeper, reports, audit, pendency, timeZone, clock }: Deps) {
  const today = () => todayIn(timeZone, clock());

  function download<Row>(c: Asker, list: ExportList, sheet: SheetOf<Row>): Response {
    return new Response(xlsxStream({ ...sheet, language: languageOf(c) }), {
      status: 200,
      headers: xlsxHeaders(list, today()),
    });
  }

  return (
    new Hono<AppEnv>()
      // The registers: each reader's own part of them, as their pages show it.
      .get("/receipts", requireUser, validate("query", receiptListQuery), (c) => {
        const { page: _page, ...filters } = c.req.valid("query");
        return download(c, "receipts", receiptSheet(db, c.var.user, filters));
      })
      .get("/dispatches", requireUser, validate("query", dispatchListQuery), (c) => {
        const { page: _page, ...filters } = c.req.valid("query");
        return download(c, "dispatches", dispatchSheet(db, c.var.user, filters));
      })
      .get("/tasks", requireUser, validate("query", taskExportQuery), async (c) => {
        const day = today();
        await sweeper.ensureSwept(day);
        return download(c, "tasks", await taskSheet(db, c.var.user, c.req.valid("query"), day));
      })
      .get("/engagements", requireUser, validate("query", engagementListQuery), (c) =>
        download(c, "engagements", engagementSheet(db, c.req.valid("query"), weekOf(today()))),
      )
      .get("/users", requireRole("admin"), validate("query", listUsersQuery), (c) =>
        download(c, "users", userSheet(db, c.req.valid("query").search, timeZone)),
      )
      .get("/report", requireRole("admin"), validate("query", reportQuery), async (c) =>
        download(c, "report", reportSheet(await reports.performance(c.req.valid("query").range))),
      )
      .get(
        "/decisions",
        requireRole("admin", "organization_head"),
        validate("query", decisionListQuery),
        async (c) => {
          const day = today();
          await sweeper.ensureSwept(day);
          const { page: _page, ...filters } = c.req.valid("query");
          return download(c, "decisions", decisionSheet(db, c.var.user, filters, day));
        },
      )
      .get(
        "/audit",
        requireRole("admin", "organization_head"),
        validate("query", auditQuery),
        (c) => {
          const { page: _page, ...filters } = c.req.valid("query");
          const sheet = auditSheet(audit, c.var.user, filters, timeZone, languageOf(c));
          return download(c, "audit", sheet);
        },
      )
      .get(
        "/pendency",
        requireRole("admin", "organization_head"),
        validate("query", pendencyQuery),
        async (c) => {
          const dashboard = await pendency.dashboard(c.var.user, c.req.valid("query"));
          return download(c, "pendency", pendencySheet(dashboard, languageOf(c)));
        },
      )
  );
}
