import { TZDate } from "@date-fns/tz";
import { and, count, desc, eq, gte, inArray, lt, not, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_PAGE_SIZE,
  AUDIT_RULE_LABELS,
  type AuditChainStatus,
  type AuditEntity,
  type AuditFilters,
  type AuditItem,
  type AuditPage,
} from "../../shared/audit";
import { BYTE_ORDER_MARK, csvLine, textField } from "../../shared/csv";
import { addDays, timeOfDayIn, todayIn } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import { said } from "../../shared/i18n/server-instance";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { auditCounts, auditEvents } from "../db/schema";
import { recordKey, recordNames } from "./record-names";
import { createChainVerifier } from "./verify";

type AuditRow = typeof auditEvents.$inferSelect;

/**
 * One kind of record a reader of the trail may not read (a restricted task, a Confidential or
 * Secret register entry), as the trail names it: the entities whose rows are about such a
 * record (their entity_id its uuid), the record's table and id column, and the condition on
 * that table's rows that hides one from the reader.
 */
export type HiddenRecords = {
  entities: readonly AuditEntity[];
  table: PgTable;
  id: AnyPgColumn;
  hidden: SQL;
};

/**
 * The records `reader` may not read, by kind (none: they read the whole trail). The features
 * own these rules; app.ts hands them to the trail (docs/decisions/031: the floor imports none).
 */
export type HiddenFrom = (reader: CurrentUser) => HiddenRecords[];

/** The export reads the trail this many rows at a time, so memory stays flat however long. */
const EXPORT_BATCH = 500;

/** The CSV's columns, named in the caller's language. */
const CSV_HEADER = [
  "audit:column.number",
  "audit:column.time",
  "audit:column.actor",
  "audit:column.entity",
  "audit:column.recordName",
  "audit:column.entityId",
  "audit:column.action",
  "audit:column.changes",
  "audit:column.reason",
] as const;

/** Midnight starting an office day (yyyy-MM-dd in `timeZone`), as an instant. */
function startOfOfficeDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new TZDate(year, month - 1, date, timeZone);
}

/** The fields that leave the server (never the hashes nor the request id), each named. */
export async function presentEvents(db: Db, rows: AuditRow[]): Promise<AuditItem[]> {
  const names = await recordNames(db, rows);
  return rows.map((row) => presentEvent(row, names.get(recordKey(row)) ?? null));
}

function presentEvent(row: AuditRow, recordName: string | null): AuditItem {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    actorRule: row.actorRule,
    entity: row.entity,
    entityId: row.entityId,
    recordName,
    action: row.action,
    changes: row.changes,
    reason: row.reason,
  };
}

/** Who acted, as the Audit Log and its exports name them: a rule by its label. */
export function actorText(
  event: Pick<AuditItem, "actorRule" | "actorName">,
  language: Language,
): string {
  return event.actorRule ? said(AUDIT_RULE_LABELS[event.actorRule], language) : event.actorName;
}

/**
 * Whether a row of the trail is about a record of `kinds` hidden from its reader: a look-up of
 * that one record by its primary key, for the rows a page or an export reads.
 */
function isAboutHidden(kinds: HiddenRecords[]): SQL {
  // Several kinds may name the same entities (a task, and a task deleted since): any may hide.
  // A case, not an and: only then is the id cast to uuid never tried on another entity's id.
  const each = kinds.map(
    ({ entities, table, id, hidden }) =>
      sql`(case when ${inArray(auditEvents.entity, [...entities])} then exists (
        select 1 from ${table} where ${id} = ${auditEvents.entityId}::uuid and ${hidden})
        else false end)`,
  );
  return sql`(${sql.join(each, sql` or `)})`;
}

/**
 * Reading the audit trail: the Audit Log, its CSV and the chain's status (a task's history:
 * tasks/history.ts). Each reader reads the rows of the records they may read (`hiddenFrom`):
 * the rows about a hidden record are left out of the pages, the totals and the exports alike.
 */
export function createAuditService({
  db,
  timeZone,
  clock,
  hiddenFrom,
}: {
  db: Db;
  timeZone: string;
  clock: () => Date;
  hiddenFrom: HiddenFrom;
}) {
  const verifyChain = createChainVerifier(db);

  /** The rows matching the filters that `reader` may read. */
  function readableWhere(filters: Omit<AuditFilters, "page">, reader: CurrentUser) {
    const kinds = hiddenFrom(reader);
    return and(whereOf(filters), kinds.length > 0 ? not(isAboutHidden(kinds)) : undefined);
  }

  /**
   * The rows matching the filters that are about records hidden from `reader`, counted from
   * those records (few: restricted tasks and Confidential entries) through the trail's index on
   * entity and record, so the counters' totals stay.
   */
  async function hiddenTotal(
    filters: Omit<AuditFilters, "page">,
    reader: CurrentUser,
  ): Promise<number> {
    // A filter on another kind of record leaves none of a kind's rows.
    const kinds = hiddenFrom(reader).filter(
      ({ entities }) => !filters.entity || entities.includes(filters.entity),
    );
    const counts = await Promise.all(
      kinds.map(async ({ entities, table, id, hidden }) => {
        const [{ n }] = await db
          .select({ n: count() })
          .from(auditEvents)
          .where(
            and(
              whereOf(filters),
              inArray(auditEvents.entity, [...entities]),
              inArray(
                auditEvents.entityId,
                sql`(select ${id}::text from ${table} where ${hidden})`,
              ),
            ),
          );
        return n;
      }),
    );
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** The filters as SQL; the days bound `at` by instants, so the `at` index serves them. */
  function whereOf(filters: Omit<AuditFilters, "page">): SQL | undefined {
    return and(
      filters.actor ? eq(auditEvents.actorId, filters.actor) : undefined,
      filters.entity ? eq(auditEvents.entity, filters.entity) : undefined,
      filters.action ? eq(auditEvents.action, filters.action) : undefined,
      filters.from ? gte(auditEvents.at, startOfOfficeDay(filters.from, timeZone)) : undefined,
      filters.to
        ? lt(auditEvents.at, startOfOfficeDay(addDays(filters.to, 1), timeZone))
        : undefined,
    );
  }

  /**
   * How many rows match: without days, a sum over audit_counts (a row per record type, action
   * and actor, kept by a trigger); with days, a count over the trail through its `at` index.
   */
  async function matchingTotal(filters: Omit<AuditFilters, "page">): Promise<number> {
    const [{ total }] =
      filters.from || filters.to
        ? await db.select({ total: count() }).from(auditEvents).where(whereOf(filters))
        : await db
            .select({
              total: sql<number>`coalesce(sum(${auditCounts.total}), 0)`.mapWith(Number),
            })
            .from(auditCounts)
            .where(
              and(
                filters.actor ? eq(auditCounts.actorId, filters.actor) : undefined,
                filters.entity ? eq(auditCounts.entity, filters.entity) : undefined,
                filters.action ? eq(auditCounts.action, filters.action) : undefined,
              ),
            );
    return total;
  }

  /** How many rows match that `reader` may read: every match less those about hidden records. */
  async function totalOf(
    filters: Omit<AuditFilters, "page">,
    reader: CurrentUser,
  ): Promise<number> {
    const [matching, hidden] = await Promise.all([
      matchingTotal(filters),
      hiddenTotal(filters, reader),
    ]);
    return matching - hidden;
  }

  /**
   * One event as a CSV line: the time on the office's clock (yyyy-MM-dd HH:MM), the names
   * in the caller's language, the changes as JSON. Whatever a person typed is made safe from
   * spreadsheet formulas.
   */
  function csvLineOf(event: AuditItem, language: Language): string {
    const at = new Date(event.at);
    return csvLine([
      event.id,
      `${todayIn(timeZone, at)} ${timeOfDayIn(timeZone, at)}`,
      textField(actorText(event, language)),
      textField(said(AUDIT_ENTITY_LABELS[event.entity], language)),
      textField(event.recordName ?? ""),
      textField(event.entityId),
      textField(said(AUDIT_ACTION_LABELS[event.action], language)),
      textField(JSON.stringify(event.changes)),
      textField(event.reason ?? ""),
    ]);
  }

  const service = {
    /** A page of the trail `reader` may read, newest first (ids are the chain's order). */
    async list(filters: AuditFilters, reader: CurrentUser): Promise<AuditPage> {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(readableWhere(filters, reader))
          .orderBy(desc(auditEvents.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((filters.page - 1) * AUDIT_PAGE_SIZE),
        totalOf(filters, reader),
      ]);
      return {
        events: await presentEvents(db, rows),
        total,
        page: filters.page,
        pageSize: AUDIT_PAGE_SIZE,
      };
    },

    /**
     * Every row matching the filters that `reader` may read, newest first, read in batches by
     * keyset (id below the last one read), so a long trail streams without an offset's growing
     * cost.
     */
    async *everyEvent(
      filters: Omit<AuditFilters, "page">,
      reader: CurrentUser,
    ): AsyncGenerator<AuditItem> {
      let before: number | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(auditEvents)
          .where(
            and(
              readableWhere(filters, reader),
              before === undefined ? undefined : lt(auditEvents.id, before),
            ),
          )
          .orderBy(desc(auditEvents.id))
          .limit(EXPORT_BATCH);
        yield* await presentEvents(db, rows);
        if (rows.length < EXPORT_BATCH) return;
        before = rows[rows.length - 1].id;
      }
    },

    /** The export's file name, after the office day it was made. */
    csvFileName(): string {
      return `audit-log-${todayIn(timeZone, clock())}.csv`;
    },

    /**
     * The CSV of every event matching the filters that `reader` may read, in chunks as the rows are read: the byte
     * order mark and the header, then a chunk per batch of rows.
     */
    async *csv(
      filters: Omit<AuditFilters, "page">,
      reader: CurrentUser,
      language: Language,
    ): AsyncGenerator<string> {
      yield `${BYTE_ORDER_MARK}${csvLine(CSV_HEADER.map((key) => textField(said(key, language))))}\r\n`;
      let lines: string[] = [];
      for await (const event of service.everyEvent(filters, reader)) {
        lines.push(`${csvLineOf(event, language)}\r\n`);
        if (lines.length >= EXPORT_BATCH) {
          yield lines.join("");
          lines = [];
        }
      }
      if (lines.length > 0) yield lines.join("");
    },

    /** Whether the hash chain holds, walking the rows added since the last call (verify.ts). */
    async status(): Promise<AuditChainStatus> {
      return verifyChain();
    },
  };
  return service;
}

export type AuditService = ReturnType<typeof createAuditService>;
