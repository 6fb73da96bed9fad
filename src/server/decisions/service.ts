import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AuditValue } from "../../shared/audit";
import { formatDisplayDate, todayIn } from "../../shared/dates";
import {
  complianceOf,
  DECISION_MESSAGES,
  DECISIONS_PAGE_SIZE,
  type DecisionFields,
  type DecisionFilters,
  type DecisionItem,
  type DecisionPage,
  type DecisionStatus,
} from "../../shared/decisions";
import { ENGAGEMENT_MESSAGES } from "../../shared/engagements";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages";
import { fullI18n } from "../../shared/i18n/server-instance";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { actorOf, createdFields, deletedFields, type PersonRef } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { engagementAgendaItems, engagementDecisions, engagements, user } from "../db/schema";
import { AppError } from "../errors";
import type { EventBus } from "../events";
import type { Notifier } from "../notifications/notify";
import type { OverdueSweeper } from "../tasks/overdue";
import { announceNewTask, assignableName, insertTask } from "../tasks/service";
import {
  type DecisionRow,
  daysOverdueSql,
  dueDateOrder,
  presentDecision,
  selectDecisionRows,
  statusSql,
} from "./read";

type Deps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
};

const d = engagementDecisions;

type Meeting = { id: string; subject: string; date: string };
type Ref = { id: string; name: string };

/**
 * What the trail records of a decision: its meeting, agenda item and owner by id and name then
 * (so the history reads without joins), and the task carrying it out.
 */
function decisionAuditState(fields: {
  description: string;
  outcome: string;
  owner: PersonRef | null;
  dueDate: string | null;
  reason: string | null;
  engagement: Ref;
  agendaItem: Ref | null;
  taskId: string | null;
}): Record<string, AuditValue> {
  return {
    description: fields.description,
    outcome: fields.outcome,
    owner: fields.owner,
    dueDate: fields.dueDate,
    reason: fields.reason ?? "",
    engagement: fields.engagement,
    agendaItem: fields.agendaItem,
    task: fields.taskId,
  };
}

/**
 * The description of a decision's task: its meeting and agenda item, in the owner's language
 * (the person who carries it out reads it, as their notice and mail are in their language).
 */
function taskDescription(meeting: Meeting, item: string | null, language: Language): string {
  const t = fullI18n.getFixedT(language, "decisions");
  const values = { subject: meeting.subject, date: formatDisplayDate(meeting.date, language) };
  return item === null
    ? t("task.description", values)
    : t("task.descriptionOnItem", { ...values, item });
}

/** The Decisions page's filters as SQL, over decisions joined to their meeting and task. */
function filterSql(filters: Omit<DecisionFilters, "page">, today: string): SQL | undefined {
  return and(
    filters.engagement ? eq(d.engagementId, filters.engagement) : undefined,
    filters.owner ? eq(d.ownerId, filters.owner) : undefined,
    filters.status ? sql`${statusSql(today)} = ${filters.status}` : undefined,
    filters.from ? gte(engagements.date, filters.from) : undefined,
    filters.to ? lte(engagements.date, filters.to) : undefined,
  );
}

/** The Decisions page's order on `today`: the most days overdue first, the earliest due, seq. */
const pageOrder = (today: string) => [desc(daysOverdueSql(today)), dueDateOrder, asc(d.seq)];

/**
 * The decisions matching the Decisions page's filters on `today`, in the page's order: its
 * pages, its print and its Excel export. A window (a page) is chosen from the decisions and
 * their meetings alone, and only its rows are joined to what they show: sorted after the
 * joins, a page had read every matching decision's task (at 1,000,000 tasks, 71,457 of them).
 */
export function selectMatchingDecisions(
  db: Db,
  filters: Omit<DecisionFilters, "page">,
  today: string,
  window?: { limit: number; offset: number },
) {
  const where = filterSql(filters, today);
  if (!window)
    return selectDecisionRows(db)
      .where(where)
      .orderBy(...pageOrder(today));
  const ids = db
    .select({ id: d.id })
    .from(d)
    .innerJoin(engagements, eq(engagements.id, d.engagementId))
    .where(where)
    .orderBy(...pageOrder(today))
    .limit(window.limit)
    .offset(window.offset);
  return selectDecisionRows(db)
    .where(inArray(d.id, ids))
    .orderBy(...pageOrder(today));
}

export function createDecisionService({ db, events, notifier, sweeper, timeZone, clock }: Deps) {
  const today = () => todayIn(timeZone, clock());

  /** How many decisions match the filters, by status: the total and the compliance. */
  async function countMatching(filters: Omit<DecisionFilters, "page">, day: string) {
    const rows = await db
      .select({ status: statusSql(day), count: sql<number>`count(*)::int` })
      .from(d)
      .innerJoin(engagements, eq(engagements.id, d.engagementId))
      .where(filterSql(filters, day))
      // By position: the status expression carries today as a parameter, and PostgreSQL
      // matches a GROUP BY expression to the selected one only when the two are identical.
      .groupBy(sql`1`);
    // complianceOf's own rule (the rate's rounding included), from the counts.
    const statuses: DecisionStatus[] = rows.flatMap(({ status, count }) =>
      Array.from({ length: count }, () => status),
    );
    return { total: statuses.length, compliance: complianceOf(statuses) };
  }

  const selectMatching = (
    filters: Omit<DecisionFilters, "page">,
    day: string,
    window?: { limit: number; offset: number },
  ) => selectMatchingDecisions(db, filters, day, window);

  /** Decisions by id, in the order they were recorded. */
  async function readByIds(ids: string[], day: string, viewer: CurrentUser) {
    if (ids.length === 0) return [];
    const rows = await selectDecisionRows(db).where(inArray(d.id, ids)).orderBy(asc(d.seq));
    return rows.map((row) => presentDecision(row, day, viewer));
  }

  return {
    /**
     * Records the decisions of one save of an engagement's minutes: each action becomes a task
     * of type Request for its owner, through the same code as Create Task (its notice and audit
     * record included). Everything is checked first and written in one transaction: one bad
     * decision, or one write that fails, and nothing of the save is stored.
     */
    async record(
      actor: CurrentUser,
      engagementId: string,
      decisions: DecisionFields[],
    ): Promise<DecisionItem[]> {
      const day = today();
      const created = await db.transaction(async (tx) => {
        // Shared: the meeting's date cannot move (nor the meeting go) under the save.
        const [meeting] = await tx
          .select({ id: engagements.id, subject: engagements.subject, date: engagements.date })
          .from(engagements)
          .where(eq(engagements.id, engagementId))
          .for("share");
        if (!meeting) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);

        const itemIds = [
          ...new Set(decisions.flatMap((one) => (one.agendaItemId ? [one.agendaItemId] : []))),
        ];
        const items = new Map(
          itemIds.length === 0
            ? []
            : (
                await tx
                  .select({ id: engagementAgendaItems.id, title: engagementAgendaItems.title })
                  .from(engagementAgendaItems)
                  .where(
                    and(
                      eq(engagementAgendaItems.engagementId, meeting.id),
                      inArray(engagementAgendaItems.id, itemIds),
                    ),
                  )
                  // Shared: no item goes from the agenda under the save.
                  .for("share")
              ).map((item) => [item.id, item.title]),
        );
        if (items.size !== itemIds.length)
          throw new AppError("VALIDATION", DECISION_MESSAGES.invalidAgendaItem);

        // Only actions have an owner and a due date; the other outcomes ask nothing of anyone.
        const actions = decisions.filter((one) => one.outcome === "action");
        // The schema has made sure each action has its owner and its due date.
        if (actions.some((one) => (one.dueDate as string) < meeting.date))
          throw new AppError("VALIDATION", DECISION_MESSAGES.dueBeforeMeeting);
        const ownerIds = [...new Set(actions.map((one) => one.ownerId as string))];
        // Shared: no owner's account goes (or changes language) under the save.
        const languages = new Map(
          ownerIds.length === 0
            ? []
            : (
                await tx
                  .select({ id: user.id, language: user.language })
                  .from(user)
                  .where(inArray(user.id, ownerIds))
                  .for("share")
              ).map((person) => [person.id, person.language ?? DEFAULT_LANGUAGE]),
        );
        // The same rule as a task's assignee: a user or an admin, approved.
        const owners = new Map<string, string>();
        for (const id of ownerIds) {
          const name = await assignableName(tx, id);
          if (name === null) throw new AppError("VALIDATION", DECISION_MESSAGES.invalidOwner);
          owners.set(id, name);
        }

        const ids: string[] = [];
        const newTasks: { id: string; assignedTo: string; told: string[] }[] = [];
        for (const one of decisions) {
          const isAction = one.outcome === "action";
          const ownerId = isAction ? (one.ownerId as string) : null;
          const dueDate = isAction ? (one.dueDate as string) : null;
          const itemTitle = one.agendaItemId ? (items.get(one.agendaItemId) as string) : null;
          let taskId: string | null = null;
          if (ownerId && dueDate) {
            const task = await insertTask(
              tx,
              { notifier, clock },
              actor,
              {
                subject: one.description,
                description: taskDescription(
                  meeting,
                  itemTitle,
                  languages.get(ownerId) ?? DEFAULT_LANGUAGE,
                ),
                assignedTo: ownerId,
                assignDate: day,
                dueDate,
                taskType: "Request",
              },
              owners.get(ownerId) as string,
            );
            taskId = task.id;
            newTasks.push({ ...task, assignedTo: ownerId });
          }
          const reason = one.reason || null;
          const [row] = await tx
            .insert(d)
            .values({
              engagementId: meeting.id,
              agendaItemId: one.agendaItemId ?? null,
              description: one.description,
              outcome: one.outcome,
              ownerId,
              dueDate,
              taskId,
              reason,
              createdBy: actor.id,
              createdAt: clock(),
            })
            .returning({ id: d.id });
          ids.push(row.id);
          const state = decisionAuditState({
            description: one.description,
            outcome: one.outcome,
            owner: ownerId ? { id: ownerId, name: owners.get(ownerId) as string } : null,
            dueDate,
            reason,
            engagement: { id: meeting.id, name: meeting.subject },
            agendaItem: one.agendaItemId ? { id: one.agendaItemId, name: itemTitle ?? "" } : null,
            taskId,
          });
          await recordAudit(tx, clock(), [
            {
              actor: actorOf(actor),
              entity: "decision",
              entityId: row.id,
              action: "created",
              changes: createdFields(state),
            },
          ]);
        }
        return { ids, newTasks };
      });
      if (created.newTasks.length > 0) {
        // A due date already past (minutes written late) makes the new task overdue at once.
        await sweeper.sweep();
        for (const task of created.newTasks) announceNewTask(events, actor, task);
      }
      events.emit({ entity: "engagement", id: engagementId, action: "updated", actorId: actor.id });
      return readByIds(created.ids, day, actor);
    },

    /** Deletes a decision; its task, if any, stays as an ordinary task. */
    async remove(actor: CurrentUser, id: string): Promise<void> {
      const engagementId = await db.transaction(async (tx) => {
        const [row]: DecisionRow[] = await selectDecisionRows(tx)
          .where(eq(d.id, id))
          .for("update", { of: d });
        if (!row) throw new AppError("NOT_FOUND", DECISION_MESSAGES.notFound);
        await tx.delete(d).where(eq(d.id, id));
        const owner = row.owner ? { id: row.owner.id, name: displayNameOf(row.owner) } : null;
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "decision",
            entityId: id,
            action: "deleted",
            changes: deletedFields(
              decisionAuditState({
                description: row.description,
                outcome: row.outcome,
                owner,
                dueDate: row.dueDate,
                reason: row.reason,
                engagement: { id: row.engagement.id, name: row.engagement.subject },
                agendaItem: row.agendaItem
                  ? { id: row.agendaItem.id, name: row.agendaItem.title }
                  : null,
                taskId: row.task?.id ?? null,
              }),
            ),
          },
        ]);
        return row.engagement.id;
      });
      events.emit({ entity: "engagement", id: engagementId, action: "updated", actorId: actor.id });
    },

    /**
     * The Decisions page: every meeting's decisions matching the filters, the most days overdue
     * first, a page at a time, with the compliance of all of them (not only the page's).
     */
    async list(actor: CurrentUser, filters: DecisionFilters): Promise<DecisionPage> {
      const day = today();
      await sweeper.ensureSwept(day);
      // Each reads every matching decision (its status from the copies it keeps of its task):
      // on PostgreSQL the two run side by side on two connections.
      const [{ total, compliance }, rows] = await Promise.all([
        countMatching(filters, day),
        selectMatching(filters, day, {
          limit: DECISIONS_PAGE_SIZE,
          offset: (filters.page - 1) * DECISIONS_PAGE_SIZE,
        }),
      ]);
      return {
        decisions: rows.map((row) => presentDecision(row, day, actor)),
        total,
        page: filters.page,
        pageSize: DECISIONS_PAGE_SIZE,
        compliance,
      };
    },

    /** Every decision the filters match, in the page's order: for print and the CSV. */
    async export(
      actor: CurrentUser,
      filters: Omit<DecisionFilters, "page">,
    ): Promise<Omit<DecisionPage, "page" | "pageSize">> {
      const day = today();
      await sweeper.ensureSwept(day);
      const rows = await selectMatching(filters, day);
      const decisions = rows.map((row) => presentDecision(row, day, actor));
      return {
        decisions,
        total: decisions.length,
        compliance: complianceOf(decisions.map((one) => one.status)),
      };
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
