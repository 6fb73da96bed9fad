import { asc, eq } from "drizzle-orm";
import { workingDaysBetween } from "../../shared/calendar";
import type { MarkPurpose } from "../../shared/dak";
import { todayIn } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import {
  type AnswerFields,
  type Custody,
  isConsult,
  MARKING_MESSAGES,
  type MarkingItem,
  type MarkOnwardFields,
  OUTCOMES_FOR,
  type TaskMovement,
} from "../../shared/markings";
import { TASK_MESSAGES } from "../../shared/tasks";
import { type CurrentUser, designationIn, displayNameOf } from "../../shared/users";
import { actorOf } from "../audit/changes";
import { recordAudit } from "../audit/record";
import {
  currentHolding,
  type HoldingRow,
  hasHandled,
  holdingColumns,
  holdingOf,
  type NewHolding,
  readHoldings,
  recordHolding,
} from "../custody/holdings";
import type { Db } from "../db/client";
import { taskMarkings, tasks, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import { announceNotifications, type Notifier } from "../notifications/notify";
import { readOfficeCalendar } from "../office/settings";
import { taskPolicy } from "../tasks/policy";
import type { TaskRow } from "../tasks/present";
import { assignableName } from "../tasks/record/assignee";
import { writeTaskEdit } from "../tasks/record/edit";
import { readTaskRow, taskRows } from "../tasks/rows";

export type MarkingDeps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};

/** The state a holding hands back to: its purpose, to whom it answers, where it returns to. */
type Restored = Pick<NewHolding, "purpose" | "issuerId" | "returnsTo">;

/** Nobody to answer to: necessary action, as an admin's own task. */
const OWN: Restored = { purpose: "action", issuerId: null, returnsTo: null };

/**
 * Marking (issue 36, docs/decisions/034): the holder of a task (or an admin) marks it onward
 * with a purpose; the recipient opening it is recorded; until then the sender may pull it back;
 * a marking for comments, approval or signature comes back to its issuer when answered; one
 * for information is closed as seen by its recipient. Each move is a holding (custody/holdings.ts),
 * an audit row of the task, a notice and a live event, the first three in one transaction.
 */
export function createMarkingService({ db, events, notifier, timeZone, clock }: MarkingDeps) {
  const { findReadable } = taskRows(db);

  /** The task locked in `tx`, when `actor` may read it (404 otherwise, as the task is). */
  async function lockReadable(tx: Db, actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await readTaskRow(tx, id, { lock: true });
    if (!row || !(taskPolicy.canRead(actor, row.task) || (await hasHandled(tx, id, actor.id))))
      throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    return row;
  }

  /** The task locked in `tx`, open, when `actor` may read it (409 once completed). */
  async function lockOpen(tx: Db, actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await lockReadable(tx, actor, id);
    if (row.task.status === "completed") throw new AppError("CONFLICT", MARKING_MESSAGES.completed);
    return row;
  }

  /** The open task locked in `tx`, when `actor` holds it: what only its holder may answer. */
  async function lockHeld(tx: Db, actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await lockOpen(tx, actor, id);
    if (row.task.assignedTo !== actor.id)
      throw new AppError("FORBIDDEN", MARKING_MESSAGES.notHolder);
    return row;
  }

  /** The state `holding` (a return or pull back's target) had, when `personId` held it. */
  async function stateOf(
    tx: Db,
    taskId: string,
    holdingId: string | null,
    personId: string,
  ): Promise<Restored> {
    const back = holdingId ? await holdingOf(tx, taskId, holdingId) : undefined;
    if (!back || back.toId !== personId) return OWN;
    return { purpose: back.purpose, issuerId: back.issuerId, returnsTo: back.returnsTo };
  }

  /** After the move committed: the task's live event to its old and new holder. */
  function announce(row: TaskRow, holderNow: string, told: string[], actor: CurrentUser) {
    events.emit({
      entity: "task",
      id: row.task.id,
      action: "updated",
      assignees: [...new Set([row.task.assignedTo, holderNow])],
      restricted: row.task.restricted,
      actorId: actor.id,
    });
    announceNotifications(events, told);
  }

  /** Writes a move: the holding, the task's columns, its audit row; answers who was told. */
  async function move(
    tx: Db,
    actor: CurrentUser,
    row: TaskRow,
    holding: NewHolding,
    audit: {
      action: "marked" | "returned" | "pulled_back";
      reason?: string | null;
      pullBackReason?: string;
    },
    notice: {
      kind: "task_marked" | "task_returned" | "task_pulled_back";
      to: readonly (string | null)[];
    },
  ): Promise<string[]> {
    const at = clock();
    await recordHolding(tx, row.task.id, holding, at, { pullBackReason: audit.pullBackReason });
    await tx.update(tasks).set(holdingColumns(holding, at)).where(eq(tasks.id, row.task.id));
    await recordAudit(tx, at, [
      {
        actor: actorOf(actor),
        entity: "task",
        entityId: row.task.id,
        action: audit.action,
        changes: {
          assignedTo: {
            before: { id: row.task.assignedTo, name: displayNameOf(row.assignee) },
            after: { id: holding.to.id, name: holding.to.name },
          },
          purpose: { before: row.task.purpose, after: holding.purpose },
          ...(holding.outcome ? { outcome: { before: null, after: holding.outcome } } : {}),
          ...(holding.remark ? { remark: { before: null, after: holding.remark } } : {}),
        },
        reason: audit.reason ?? null,
      },
    ]);
    return notifier.notify(tx, {
      kind: notice.kind,
      to: notice.to,
      entity: "task",
      entityId: row.task.id,
      values: { subject: row.task.subject, by: actor.displayName, dueDate: row.task.dueDate },
      actorId: actor.id,
    });
  }

  /**
   * A marking's route, checked: only for comments, approval or signature; each person once,
   * neither the marker nor the first recipient; each one who may take tasks (named as notices
   * name them).
   */
  async function routeOf(
    tx: Db,
    actor: CurrentUser,
    form: MarkOnwardFields,
  ): Promise<{ id: string; name: string }[]> {
    if (form.route.length === 0) return [];
    if (!isConsult(form.purpose))
      throw new AppError("VALIDATION", MARKING_MESSAGES.routeNotConsult);
    const everyone = [actor.id, form.to, ...form.route];
    if (new Set(everyone).size !== everyone.length)
      throw new AppError("VALIDATION", MARKING_MESSAGES.routeRepeats);
    const steps: { id: string; name: string }[] = [];
    for (const step of form.route) {
      const name = await assignableName(tx, step);
      if (name === null) throw new AppError("VALIDATION", MARKING_MESSAGES.invalidRoute);
      steps.push({ id: step, name });
    }
    return steps;
  }

  /** Mark onward: the holder, or an admin, to another person with a purpose and a remark. */
  async function markOnward(actor: CurrentUser, id: string, form: MarkOnwardFields) {
    const { row, told } = await db.transaction(async (tx) => {
      const row = await lockOpen(tx, actor, id);
      const holder = row.task.assignedTo === actor.id;
      if (!holder && actor.role !== "admin")
        throw new AppError("FORBIDDEN", MARKING_MESSAGES.notHolder);
      if (form.to === row.task.assignedTo)
        throw new AppError("VALIDATION", MARKING_MESSAGES.toSelf);
      // Work that came for comments, approval or signature goes on for one of those, or back.
      if (holder && isConsult(row.task.purpose) && !isConsult(form.purpose))
        throw new AppError("VALIDATION", MARKING_MESSAGES.consultOnward);
      const toName = await assignableName(tx, form.to);
      if (toName === null) throw new AppError("VALIDATION", MARKING_MESSAGES.invalidTo);
      const route = await routeOf(tx, actor, form);
      const current = await currentHolding(tx, id);
      const holding: NewHolding = {
        kind: "marked",
        from: { id: actor.id, name: actor.displayName },
        to: { id: form.to, name: toName },
        purpose: form.purpose,
        issuerId: actor.id,
        // It comes back to the marker's own holding, when the marker held it.
        returnsTo: isConsult(form.purpose) && holder ? (current?.id ?? null) : null,
        remark: form.remark,
        route,
      };
      const told = await move(
        tx,
        actor,
        row,
        holding,
        { action: "marked" },
        { kind: "task_marked", to: [form.to] },
      );
      // An admin moving someone else's file tells the one who held it.
      if (!holder)
        told.push(
          ...(await notifier.notify(tx, {
            kind: "task_unassigned",
            to: [row.task.assignedTo],
            entity: "task",
            entityId: id,
            values: { subject: row.task.subject, by: toName },
            actorId: actor.id,
          })),
        );
      return { row, told };
    });
    announce(row, form.to, told, actor);
  }

  /** The holder opens what was marked to them: recorded once; the sender can no longer pull back. */
  async function open(actor: CurrentUser, id: string) {
    const opened = await db.transaction(async (tx) => {
      const row = await lockReadable(tx, actor, id);
      const current = await currentHolding(tx, id);
      if (!current || current.toId !== actor.id || current.openedAt || current.fromId === actor.id)
        return null;
      const at = clock();
      await tx.update(taskMarkings).set({ openedAt: at }).where(eq(taskMarkings.id, current.id));
      await recordAudit(tx, at, [
        { actor: actorOf(actor), entity: "task", entityId: id, action: "opened", changes: {} },
      ]);
      return row;
    });
    if (opened) announce(opened, opened.task.assignedTo, [], actor);
  }

  /** The sender takes back a marking not yet opened, with a reason. */
  async function pullBack(actor: CurrentUser, id: string, reason: string) {
    const { row, told } = await db.transaction(async (tx) => {
      const row = await lockOpen(tx, actor, id);
      const current = await currentHolding(tx, id);
      if (current?.kind !== "marked")
        throw new AppError("CONFLICT", MARKING_MESSAGES.cannotPullBack);
      if (current.fromId !== actor.id) throw new AppError("FORBIDDEN", MARKING_MESSAGES.notSender);
      if (current.openedAt) throw new AppError("CONFLICT", MARKING_MESSAGES.alreadyOpened);
      const previous = await previousHolding(tx, current);
      const restored = previous ? await stateOf(tx, id, previous.id, actor.id) : OWN;
      const told = await move(
        tx,
        actor,
        row,
        {
          kind: "pulled_back",
          from: { id: actor.id, name: actor.displayName },
          to: { id: actor.id, name: actor.displayName },
          ...restored,
        },
        { action: "pulled_back", reason, pullBackReason: reason },
        { kind: "task_pulled_back", to: [current.toId] },
      );
      return { row, told };
    });
    announce(row, actor.id, told, actor);
  }

  /** The holding before `current` in the task's movement. */
  async function previousHolding(tx: Db, current: HoldingRow): Promise<HoldingRow | undefined> {
    const rows = await tx
      .select()
      .from(taskMarkings)
      .where(eq(taskMarkings.taskId, current.taskId))
      .orderBy(asc(taskMarkings.seq));
    const at = rows.findIndex((row) => row.id === current.id);
    return at > 0 ? rows[at - 1] : undefined;
  }

  /**
   * Who held the task for this consultation before `current`: the holders marked since the
   * holding it returns to (all of the movement when it returns to none).
   */
  async function routeSteps(
    tx: Db,
    taskId: string,
    current: HoldingRow | undefined,
  ): Promise<string[]> {
    if (!current) return [];
    const rows = await tx
      .select()
      .from(taskMarkings)
      .where(eq(taskMarkings.taskId, taskId))
      .orderBy(asc(taskMarkings.seq));
    const from = current.returnsTo ? rows.findIndex((row) => row.id === current.returnsTo) : -1;
    return rows
      .slice(from + 1, -1)
      .filter((row) => row.kind === "marked" && row.returnsTo === current.returnsTo)
      .flatMap((row) => (row.toId ? [row.toId] : []));
  }

  /** The recipient of a marking for comments, approval or signature answers: back to its issuer. */
  async function answer(actor: CurrentUser, id: string, form: AnswerFields) {
    const { row, told, holderNow } = await db.transaction(async (tx) => {
      const row = await lockHeld(tx, actor, id);
      const { purpose, markedBy } = row.task;
      if (!isConsult(purpose) || !markedBy)
        throw new AppError("CONFLICT", MARKING_MESSAGES.notConsult);
      if (!OUTCOMES_FOR[purpose].includes(form.outcome))
        throw new AppError("VALIDATION", MARKING_MESSAGES.outcomeNotForPurpose);
      const current = await currentHolding(tx, id);
      const [next, ...rest] = current?.route ?? [];
      // An approval or signature on a route goes on to its next step, answering to the issuer.
      if (next && form.outcome !== "returned_with_comments") {
        const told = await move(
          tx,
          actor,
          row,
          {
            kind: "marked",
            from: { id: actor.id, name: actor.displayName },
            to: next,
            purpose,
            issuerId: markedBy,
            returnsTo: current?.returnsTo ?? null,
            remark: form.remark,
            outcome: form.outcome,
            route: rest,
          },
          { action: "marked" },
          { kind: "task_marked", to: [next.id] },
        );
        return { row, told, holderNow: next.id };
      }
      const [issuer] = await tx
        .select({ name: user.name, email: user.email, username: user.username })
        .from(user)
        .where(eq(user.id, markedBy));
      const restored = await stateOf(tx, id, current?.returnsTo ?? null, markedBy);
      const told = await move(
        tx,
        actor,
        row,
        {
          kind: "returned",
          from: { id: actor.id, name: actor.displayName },
          to: { id: markedBy, name: issuer ? displayNameOf(issuer) : (current?.fromName ?? "") },
          ...restored,
          remark: form.remark,
          outcome: form.outcome,
        },
        { action: "returned" },
        // The final word reaches the issuer, and every step the route took on the way up.
        {
          kind: "task_returned",
          to: [...new Set([markedBy, ...(await routeSteps(tx, id, current))])],
        },
      );
      return { row, told, holderNow: markedBy };
    });
    announce(row, holderNow, told, actor);
  }

  /** The recipient of a marking for information closes it as seen: the task is completed. */
  async function closeAsSeen(actor: CurrentUser, id: string, remark: string | null) {
    const { row, told } = await db.transaction(async (tx) => {
      const row = await lockHeld(tx, actor, id);
      if (row.task.purpose !== "information")
        throw new AppError("VALIDATION", MARKING_MESSAGES.notInformation);
      const written = await writeTaskEdit(
        tx,
        { notifier, clock },
        actor,
        row,
        { status: "completed" },
        {
          today: todayIn(timeZone, clock()),
          assigneeName: displayNameOf(row.assignee),
          dueDateReason: "",
          action: "completed",
        },
      );
      if (written.audit) await recordAudit(tx, clock(), [{ ...written.audit, reason: remark }]);
      return { row, told: written.told };
    });
    announce(row, row.task.assignedTo, told, actor);
  }

  /** A task's movement, oldest first, and what `actor` may do with it now. */
  async function movement(
    actor: CurrentUser,
    id: string,
    language: Language,
  ): Promise<TaskMovement> {
    const row = await findReadable(actor, id);
    const rows = await readHoldings(db, eq(taskMarkings.taskId, id));
    const now = clock();
    const today = todayIn(timeZone, now);
    const first = rows[0]?.marking.markedAt ?? now;
    const calendar = await readOfficeCalendar(db, undefined, {
      from: todayIn(timeZone, first),
      to: today,
    });
    const markings: MarkingItem[] = rows.map(({ marking, from, to }) => ({
      id: marking.id,
      kind: marking.kind,
      from: {
        id: marking.fromId,
        name: marking.fromName,
        designation: designationIn(from, language),
      },
      to: {
        id: marking.toId,
        name: marking.toName,
        designation: designationIn(to, language),
      },
      purpose: marking.purpose,
      remark: marking.remark,
      outcome: marking.outcome,
      markedAt: marking.markedAt.toISOString(),
      openedAt: marking.openedAt?.toISOString() ?? null,
      endedAt: marking.endedAt?.toISOString() ?? null,
      daysHeld: workingDaysBetween(
        todayIn(timeZone, marking.markedAt),
        marking.endedAt ? todayIn(timeZone, marking.endedAt) : today,
        calendar,
      ),
      pullBackReason: marking.pullBackReason,
      route: marking.route,
    }));
    const current = rows.at(-1)?.marking;
    return { custody: custodyOf(actor, row, current), markings };
  }

  return { markOnward, open, pullBack, answer, closeAsSeen, movement };
}

/** The holding now and what `actor` may do with it (the same rules the actions enforce). */
function custodyOf(actor: CurrentUser, row: TaskRow, current: HoldingRow | undefined): Custody {
  const { task } = row;
  const open = task.status !== "completed";
  const holder = task.assignedTo === actor.id;
  const purpose: MarkPurpose = task.purpose;
  return {
    holderId: task.assignedTo,
    purpose,
    markedBy: task.markedBy,
    heldSince: task.heldSince.toISOString(),
    opened: current?.openedAt != null,
    can: {
      markOnward: open && (holder || actor.role === "admin"),
      answer: open && holder && isConsult(purpose) && task.markedBy ? OUTCOMES_FOR[purpose] : [],
      closeAsSeen: open && holder && purpose === "information",
      pullBack:
        open &&
        current?.kind === "marked" &&
        current.fromId === actor.id &&
        current.openedAt === null,
    },
  };
}

export type MarkingService = ReturnType<typeof createMarkingService>;
