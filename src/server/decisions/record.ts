import { and, asc, eq, inArray } from "drizzle-orm";
import { formatDisplayDate, todayIn } from "../../shared/dates";
import { DECISION_MESSAGES, type DecisionFields, type DecisionItem } from "../../shared/decisions";
import { ENGAGEMENT_MESSAGES } from "../../shared/engagements";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages";
import { fullI18n } from "../../shared/i18n/server-instance";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { engagementDecisions as d, engagementAgendaItems, engagements, user } from "../db/schema";
import { AppError } from "../http/errors";
import { announceNewTask, assignableName, insertTask } from "../tasks/service";
import { recordDecisionAudit } from "./audit";
import type { DecisionDeps } from "./deps";
import { presentDecision, selectDecisionRows } from "./read";

type Meeting = { id: string; subject: string; date: string };
/** An action's owner: the name notices and the trail give them, and the language they read. */
type Owner = { name: string; language: Language };
type NewTask = { id: string; assignedTo: string; told: string[]; restricted: boolean };

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

/** Shared: the meeting's date cannot move (nor the meeting go) under the save. */
async function lockMeeting(tx: Db, engagementId: string): Promise<Meeting> {
  const [meeting] = await tx
    .select({ id: engagements.id, subject: engagements.subject, date: engagements.date })
    .from(engagements)
    .where(eq(engagements.id, engagementId))
    .for("share");
  if (!meeting) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
  return meeting;
}

/** The titles of the agenda items the decisions name, each an item of `meeting`'s agenda. */
async function agendaItemTitles(
  tx: Db,
  meeting: Meeting,
  decisions: readonly DecisionFields[],
): Promise<Map<string, string>> {
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
  return items;
}

/**
 * The owners of the actions, due no earlier than the meeting: each may be given tasks, by the
 * same rule as a task's assignee (a user or an admin, approved).
 */
async function actionOwners(
  tx: Db,
  meeting: Meeting,
  decisions: readonly DecisionFields[],
): Promise<Map<string, Owner>> {
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
  const owners = new Map<string, Owner>();
  for (const id of ownerIds) {
    const name = await assignableName(tx, id);
    if (name === null) throw new AppError("VALIDATION", DECISION_MESSAGES.invalidOwner);
    owners.set(id, { name, language: languages.get(id) ?? DEFAULT_LANGUAGE });
  }
  return owners;
}

/** What one save has checked: its meeting, the agenda items' titles and the owners. */
type Checked = { meeting: Meeting; items: Map<string, string>; owners: Map<string, Owner> };

/**
 * One decision of the save, in `tx`: an action's task (tasks/service.ts insertTask, its notice
 * and audit record included), the decision and its audit record. Answers the decision's id and
 * its new task, if any.
 */
async function writeDecision(
  tx: Db,
  { notifier, clock }: Pick<DecisionDeps, "notifier" | "clock">,
  actor: CurrentUser,
  { meeting, items, owners }: Checked,
  one: DecisionFields,
  day: string,
): Promise<{ id: string; task: NewTask | null }> {
  const isAction = one.outcome === "action";
  const ownerId = isAction ? (one.ownerId as string) : null;
  const dueDate = isAction ? (one.dueDate as string) : null;
  const owner = ownerId ? (owners.get(ownerId) as Owner) : null;
  const itemTitle = one.agendaItemId ? (items.get(one.agendaItemId) as string) : null;
  let task: NewTask | null = null;
  if (ownerId && owner && dueDate) {
    const created = await insertTask(
      tx,
      { notifier, clock },
      actor,
      {
        subject: one.description,
        description: taskDescription(meeting, itemTitle, owner.language),
        assignedTo: ownerId,
        assignDate: day,
        dueDate,
        taskType: "Request",
      },
      owner.name,
    );
    task = { ...created, assignedTo: ownerId };
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
      taskId: task?.id ?? null,
      reason,
      createdBy: actor.id,
      createdAt: clock(),
    })
    .returning({ id: d.id });
  await recordDecisionAudit(tx, clock(), actor, {
    id: row.id,
    action: "created",
    decision: {
      description: one.description,
      outcome: one.outcome,
      owner: ownerId && owner ? { id: ownerId, name: owner.name } : null,
      dueDate,
      reason,
      engagement: { id: meeting.id, name: meeting.subject },
      agendaItem: one.agendaItemId ? { id: one.agendaItemId, name: itemTitle ?? "" } : null,
      taskId: task?.id ?? null,
    },
  });
  return { id: row.id, task };
}

/** Decisions by id, in the order they were recorded. */
async function readByIds(db: Db, ids: string[], day: string, viewer: CurrentUser) {
  if (ids.length === 0) return [];
  const rows = await selectDecisionRows(db).where(inArray(d.id, ids)).orderBy(asc(d.seq));
  return rows.map((row) => presentDecision(row, day, viewer));
}

/**
 * Records the decisions of one save of an engagement's minutes: each action becomes a task
 * of type Request for its owner, through the same code as Create Task (its notice and audit
 * record included). Everything is checked first and written in one transaction: one bad
 * decision, or one write that fails, and nothing of the save is stored.
 */
export async function recordDecisions(
  deps: DecisionDeps,
  actor: CurrentUser,
  engagementId: string,
  decisions: DecisionFields[],
): Promise<DecisionItem[]> {
  const { db, events, sweeper, timeZone, clock } = deps;
  const day = todayIn(timeZone, clock());
  const created = await db.transaction(async (tx) => {
    const meeting = await lockMeeting(tx, engagementId);
    const items = await agendaItemTitles(tx, meeting, decisions);
    const owners = await actionOwners(tx, meeting, decisions);
    const ids: string[] = [];
    const newTasks: NewTask[] = [];
    for (const one of decisions) {
      const written = await writeDecision(tx, deps, actor, { meeting, items, owners }, one, day);
      ids.push(written.id);
      if (written.task) newTasks.push(written.task);
    }
    return { ids, newTasks };
  });
  if (created.newTasks.length > 0) {
    // A due date already past (minutes written late) makes the new task overdue at once.
    await sweeper.sweep();
    for (const task of created.newTasks) announceNewTask(events, actor, task);
  }
  events.emit({ entity: "engagement", id: engagementId, action: "updated", actorId: actor.id });
  return readByIds(db, created.ids, day, actor);
}
