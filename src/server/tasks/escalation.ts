import { and, eq, inArray, lte } from "drizzle-orm";
import { wantsEmail, workingDaysAgo } from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import { fullI18n } from "../../shared/i18n/server-instance";
import { displayNameOf, isPlaceholderEmail } from "../../shared/users";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { notificationPreferences, tasks, user } from "../db/schema";
import { queueMail } from "../jobs/queue";
import { claimSlot } from "../jobs/slots";
import { renderMail } from "../mail/templates";
import { insertNotifications } from "../notifications/notify";
import { PREFERENCES_PATH, TASKS_PATH } from "../notifications/texts";
import { readOfficeCalendar, readOfficeSettings } from "../office/settings";
import { taskPolicy } from "./policy";
import { withRoles } from "./readers";

/** Who moved a task when no person did: the log's actor for the escalation rule. */
export const ESCALATION_ACTOR = "rule:escalation";

/** Tasks one escalation mail names; the rest are counted. */
const MAIL_LIST_LIMIT = 20;

export type Escalated = { id: string; assignedTo: string; restricted: boolean; told: string[] };

/**
 * The escalation rule (Settings): a delayed task N or more working days past its due date
 * becomes super_delayed, and the organization heads and the task's creator are told, those of
 * them who may read it (a restricted task: neither heads nor a clerk who marked it): one
 * notification per task in the app, one mail per person listing theirs. Off by default;
 * claimed once per day across instances, in one transaction with its notices.
 */
export async function runEscalation(
  db: Db,
  options: { appUrl: string; today: string; now: Date },
): Promise<Escalated[] | null> {
  const { today } = options;
  return db.transaction(async (tx) => {
    const settings = await readOfficeSettings(tx);
    if (!settings.escalation.enabled) return null;
    if (!(await claimSlot(tx, "escalation", today))) return null;
    const calendar = await readOfficeCalendar(tx, settings);
    const cutoff = workingDaysAgo(today, settings.escalation.afterWorkingDays, calendar);
    const moved = await tx
      .update(tasks)
      .set({ status: "super_delayed" })
      .where(and(eq(tasks.status, "delayed"), lte(tasks.dueDate, cutoff)))
      .returning({
        id: tasks.id,
        subject: tasks.subject,
        dueDate: tasks.dueDate,
        assignedTo: tasks.assignedTo,
        createdBy: tasks.createdBy,
        restricted: tasks.restricted,
      });
    if (moved.length === 0) return [];

    const heads = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(and(eq(user.role, "organization_head"), eq(user.pendingApproval, false)));
    const creators = new Map(
      (
        await withRoles(
          tx,
          moved.flatMap((task) => task.createdBy ?? []),
        )
      ).map((creator) => [creator.id, creator]),
    );
    const toldOf = new Map<string, typeof moved>();
    const escalated: Escalated[] = [];
    const notices: Parameters<typeof insertNotifications>[1] = [];
    for (const task of moved) {
      const creator = task.createdBy ? creators.get(task.createdBy) : undefined;
      const readers = [...heads, ...(creator ? [creator] : [])].filter((person) =>
        taskPolicy.canRead(person, task),
      );
      const told = [...new Set(readers.map((person) => person.id))];
      for (const userId of told) {
        const theirs = toldOf.get(userId);
        if (theirs) theirs.push(task);
        else toldOf.set(userId, [task]);
        notices.push({
          userId,
          kind: "task_super_overdue",
          entity: "task",
          entityId: task.id,
          values: { subject: task.subject, dueDate: task.dueDate },
        });
      }
      escalated.push({
        id: task.id,
        assignedTo: task.assignedTo,
        restricted: task.restricted,
        told,
      });
    }
    await insertNotifications(tx, notices);

    const assignees = await tx
      .select({ id: user.id, name: user.name, email: user.email, username: user.username })
      .from(user)
      .where(inArray(user.id, [...new Set(moved.map((task) => task.assignedTo))]));
    const assigneeName = new Map(assignees.map((person) => [person.id, displayNameOf(person)]));
    const people = await tx
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        username: user.username,
        language: user.language,
        choices: notificationPreferences.email,
      })
      .from(user)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
      .where(inArray(user.id, [...toldOf.keys()]));
    for (const person of people) {
      if (isPlaceholderEmail(person.email)) continue;
      if (!wantsEmail("task_super_overdue", person.choices ?? undefined, settings.emailDefaults))
        continue;
      const theirs = toldOf.get(person.id) ?? [];
      const language = person.language ?? "en";
      const t = fullI18n.getFixedT(language, "notifications");
      const items: string[] = theirs.slice(0, MAIL_LIST_LIMIT).map((task) =>
        t("escalation.item", {
          subject: task.subject,
          assignee: assigneeName.get(task.assignedTo) ?? "",
          dueDate: formatDisplayDate(task.dueDate, language),
        }),
      );
      if (theirs.length > MAIL_LIST_LIMIT)
        items.push(t("digest.more", { count: theirs.length - MAIL_LIST_LIMIT }));
      const mail = renderMail(
        person.email,
        displayNameOf(person),
        {
          subject: t("escalation.subject", { count: theirs.length }),
          paragraphs: [t("escalation.intro", { count: settings.escalation.afterWorkingDays })],
          sections: [{ heading: t("digest.overdue"), items }],
          action: { label: t("digest.openTasks"), url: `${options.appUrl}${TASKS_PATH}` },
          footer: { text: t("mail.preferences"), url: `${options.appUrl}${PREFERENCES_PATH}` },
        },
        language,
      );
      await queueMail(tx, options.appUrl, mail, {
        runAt: options.now,
        recipientId: person.id,
        unsubscribeUrl: `${options.appUrl}${PREFERENCES_PATH}`,
      });
    }
    // Last, so the chain's head is locked only for the commit.
    await recordAudit(
      tx,
      options.now,
      moved.map((task) => ({
        actor: { rule: "escalation_rule" },
        entity: "task",
        entityId: task.id,
        action: "escalated",
        changes: { status: { before: "delayed", after: "super_delayed" } },
      })),
    );
    return escalated;
  });
}
