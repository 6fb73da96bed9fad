import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { AuditEntity, AuditValue } from "../../shared/audit";
import type { Db } from "../db/client";
import {
  auditEvents,
  dispatches,
  engagementDecisions,
  engagements,
  holidays,
  receipts,
  tasks,
  user,
} from "../db/schema";

type NamedEvent = {
  entity: AuditEntity;
  entityId: string;
  changes: Record<string, { before: AuditValue; after: AuditValue }>;
};

/**
 * The field of a record's audited state that names it. A response file is named by its task;
 * the office settings are one record, named by their kind alone.
 */
const NAME_FIELD: Record<AuditEntity, string | null> = {
  task: "subject",
  response_file: "subject",
  engagement: "subject",
  decision: "description",
  account: "fullName",
  holiday: "name",
  settings: null,
  receipt: "diaryNumber",
  dispatch: "dispatchNumber",
};

/** The entity whose records' names a kind of event takes (a response file: its task's). */
function namedBy(entity: AuditEntity): AuditEntity {
  return entity === "response_file" ? "task" : entity;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function recordKey(event: Pick<NamedEvent, "entity" | "entityId">): string {
  return `${namedBy(event.entity)} ${event.entityId}`;
}

function nameIn(changes: NamedEvent["changes"], field: string): string | null {
  const change = changes[field];
  for (const value of [change?.after, change?.before]) {
    if (typeof value === "string" && value.trim()) return value;
  }
  return null;
}

/**
 * The name of each record a page of the trail is about (task subject, engagement subject,
 * decision, person, holiday, a register entry's number), keyed by `recordKey`: the record's name now where it still
 * exists, otherwise the last one the trail holds for it (a deleted record's last state). A
 * few primary-key reads per page, whatever the trail's length.
 */
export async function recordNames(db: Db, events: NamedEvent[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsOf = (entity: AuditEntity, isValid: (id: string) => boolean = (id) => UUID.test(id)) => [
    ...new Set(
      events
        .filter((event) => namedBy(event.entity) === entity && isValid(event.entityId))
        .map((event) => event.entityId),
    ),
  ];
  const put = (entity: AuditEntity, rows: { id: string; name: string }[]) => {
    for (const row of rows) names.set(`${entity} ${row.id}`, row.name);
  };
  const taskIds = idsOf("task");
  const engagementIds = idsOf("engagement");
  const decisionIds = idsOf("decision");
  const accountIds = idsOf("account", () => true);
  const holidayDates = idsOf("holiday", (id) => /^\d{4}-\d{2}-\d{2}$/.test(id));
  const receiptIds = idsOf("receipt");
  const dispatchIds = idsOf("dispatch");
  const [
    taskRows,
    engagementRows,
    decisionRows,
    accountRows,
    holidayRows,
    receiptRows,
    dispatchRows,
  ] = await Promise.all([
    taskIds.length
      ? db
          .select({ id: tasks.id, name: tasks.subject })
          .from(tasks)
          .where(inArray(tasks.id, taskIds))
      : [],
    engagementIds.length
      ? db
          .select({ id: engagements.id, name: engagements.subject })
          .from(engagements)
          .where(inArray(engagements.id, engagementIds))
      : [],
    decisionIds.length
      ? db
          .select({ id: engagementDecisions.id, name: engagementDecisions.description })
          .from(engagementDecisions)
          .where(inArray(engagementDecisions.id, decisionIds))
      : [],
    accountIds.length
      ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, accountIds))
      : [],
    holidayDates.length
      ? db
          .select({ id: holidays.date, name: holidays.name })
          .from(holidays)
          .where(inArray(holidays.date, holidayDates))
      : [],
    receiptIds.length
      ? db
          .select({ id: receipts.id, name: receipts.diaryNumber })
          .from(receipts)
          .where(inArray(receipts.id, receiptIds))
      : [],
    dispatchIds.length
      ? db
          .select({ id: dispatches.id, name: dispatches.dispatchNumber })
          .from(dispatches)
          .where(inArray(dispatches.id, dispatchIds))
      : [],
  ]);
  put("task", taskRows);
  put("engagement", engagementRows);
  put("decision", decisionRows);
  put("account", accountRows);
  put("holiday", holidayRows);
  put("receipt", receiptRows);
  put("dispatch", dispatchRows);

  // Records gone since: the page's own events may name them; failing that, their deletion does
  // (it holds the record's last state).
  const missing = new Map<string, NamedEvent>();
  for (const event of events) {
    const field = NAME_FIELD[namedBy(event.entity)];
    const key = recordKey(event);
    if (!field || names.has(key)) continue;
    const own = namedBy(event.entity) === event.entity ? nameIn(event.changes, field) : null;
    if (own) names.set(key, own);
    else missing.set(key, event);
  }
  if (missing.size > 0) {
    const gone = [...missing.values()];
    const deletions = await db
      .select({
        entity: auditEvents.entity,
        entityId: auditEvents.entityId,
        changes: auditEvents.changes,
      })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "deleted"),
          or(
            ...gone.map((event) =>
              and(
                eq(auditEvents.entity, namedBy(event.entity)),
                eq(auditEvents.entityId, event.entityId),
              ),
            ),
          ),
        ),
      )
      .orderBy(desc(auditEvents.id));
    for (const deletion of deletions) {
      const key = recordKey(deletion);
      const field = NAME_FIELD[deletion.entity];
      const name = field ? nameIn(deletion.changes, field) : null;
      if (name && !names.has(key)) names.set(key, name);
    }
  }
  return names;
}
