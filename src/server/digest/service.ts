import { and, asc, count, gte, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import {
  addWorkingDays,
  isWorkingDay,
  type OfficeCalendar,
  wantsEmail,
  workingDaysUntil,
} from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import { fullI18n } from "../../shared/i18n/server-instance";
import { seesAllTasks } from "../../shared/roles";
import { type CurrentUser, displayNameOf, isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { type notifications, tasks } from "../db/schema";
import { queueMail } from "../jobs/queue";
import { claimSlot } from "../jobs/slots";
import { renderMail } from "../mail/templates";
import { selectMailReaders } from "../notifications/mail-readers";
import { insertNotifications } from "../notifications/notify";
import { PREFERENCES_PATH, TASKS_PATH } from "../notifications/texts";
import { readOfficeCalendar, readOfficeSettings } from "../office/settings";
import { newlyOverdue, selectLongestOverdue, superOverdueWhere } from "../tasks/overdue-read";
import { taskPolicy } from "../tasks/policy";

/** Items a digest lists per section; the rest are counted ("and 12 more"). */
const LIST_LIMIT = 10;
const LONGEST_OVERDUE = 5;

type DueTask = { subject: string; dueDate: string };
type Personal = { dueToday: DueTask[]; dueSoon: DueTask[]; overdue: DueTask[] };
/** The department's counts in the digest. */
const DEPARTMENT_COUNTS = ["newlyOverdue", "superOverdue", "completedSince"] as const;
type DepartmentCounts = Record<(typeof DEPARTMENT_COUNTS)[number], number>;

type Department = DepartmentCounts & {
  since: string;
  longest: (DueTask & { assignee: string })[];
};

/** How many people had a digest, how many mails went out, who got one in the app. */
export type DigestRun = { people: number; mails: number; told: string[] };

/**
 * The morning digest of `today` (a working day): for each person with something due or
 * overdue, one in-app notification and (their choice allowing) one mail; admins and
 * organization heads also get the department's summary, each as they may read it (a head's
 * counts leave restricted tasks out). Claimed once across instances and written in one
 * transaction: every digest of the day, or none.
 */
export async function runDigest(
  db: Db,
  options: { appUrl: string; today: string; now: Date },
): Promise<DigestRun | null> {
  const { today } = options;
  return db.transaction(async (tx) => {
    const settings = await readOfficeSettings(tx);
    const calendar = await readOfficeCalendar(tx, settings);
    if (!isWorkingDay(today, calendar)) return null;
    if (!(await claimSlot(tx, "digest", today))) return null;

    const horizon = addWorkingDays(today, settings.dueSoonWorkingDays, calendar);
    const open = await tx
      .select({ assignedTo: tasks.assignedTo, subject: tasks.subject, dueDate: tasks.dueDate })
      .from(tasks)
      .where(and(ne(tasks.status, "completed"), lte(tasks.dueDate, horizon)))
      .orderBy(asc(tasks.dueDate), asc(tasks.createdAt));
    const personal = new Map<string, Personal>();
    for (const task of open) {
      let mine = personal.get(task.assignedTo);
      if (!mine) {
        mine = { dueToday: [], dueSoon: [], overdue: [] };
        personal.set(task.assignedTo, mine);
      }
      const section =
        task.dueDate < today ? mine.overdue : task.dueDate === today ? mine.dueToday : mine.dueSoon;
      section.push(task);
    }
    const overdueDays = workingDaysUntil(open[0]?.dueDate ?? today, today, calendar);

    const accounts = await selectMailReaders(tx);
    const department = accounts.some((person) => seesAllTasks(person.role))
      ? await departmentSummary(tx, today, calendar)
      : null;

    let people = 0;
    let mails = 0;
    const inApp: (typeof notifications.$inferInsert)[] = [];
    for (const person of accounts) {
      const mine = personal.get(person.id);
      const summary = department && seesAllTasks(person.role) ? newsFor(department, person) : null;
      if (!mine && !summary) continue;
      people += 1;
      if (mine)
        inApp.push({
          userId: person.id,
          kind: "digest",
          values: {
            dueToday: mine.dueToday.length,
            dueSoon: mine.dueSoon.length,
            overdue: mine.overdue.length,
          },
        });
      if (isPlaceholderEmail(person.email)) continue;
      if (!wantsEmail("digest", person.choices ?? undefined, settings.emailDefaults)) continue;
      const language = person.language ?? "en";
      const mail = digestMail(language, {
        today,
        dueSoonDays: settings.dueSoonWorkingDays,
        mine,
        summary,
        overdueDays,
      });
      await queueMail(
        tx,
        options.appUrl,
        renderMail(
          person.email,
          displayNameOf(person),
          {
            ...mail,
            action: { label: mail.action, url: `${options.appUrl}${TASKS_PATH}` },
            footer: { text: mail.footer, url: `${options.appUrl}${PREFERENCES_PATH}` },
          },
          language,
        ),
        {
          runAt: options.now,
          recipientId: person.id,
          unsubscribeUrl: `${options.appUrl}${PREFERENCES_PATH}`,
        },
      );
      mails += 1;
    }
    await insertNotifications(tx, inApp);
    return { people, mails, told: inApp.map((notice) => notice.userId) };
  });
}

/** The department's summary, its counts over every task, and the restricted tasks' share. */
type DepartmentSummary = Department & { restricted: DepartmentCounts };

/**
 * Tasks matching `where`: all of them (as the count always read them), and apart the restricted
 * among them, few, through their partial index (tasks_restricted_idx).
 */
async function countWithRestricted(tx: Db, where: SQL | undefined) {
  const [all] = await tx.select({ n: count() }).from(tasks).where(where);
  const [restricted] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(sql`${tasks.restricted}`, where));
  return { all: all.n, restricted: restricted.n };
}

async function departmentSummary(
  tx: Db,
  today: string,
  calendar: OfficeCalendar,
): Promise<DepartmentSummary> {
  const newly = newlyOverdue(today, calendar);
  const lastWorkingDay = newly.since;
  // One after another: a transaction is one connection, which runs one query at a time.
  const counts = {
    newlyOverdue: await countWithRestricted(tx, newly.where),
    superOverdue: await countWithRestricted(tx, superOverdueWhere()),
    completedSince: await countWithRestricted(
      tx,
      and(gte(tasks.completionDate, lastWorkingDay), lt(tasks.completionDate, today)),
    ),
  };
  const longest = await selectLongestOverdue(tx, today, LONGEST_OVERDUE);
  const figure = (which: "all" | "restricted") =>
    Object.fromEntries(
      DEPARTMENT_COUNTS.map((name) => [name, counts[name][which]]),
    ) as DepartmentCounts;
  return {
    ...figure("all"),
    restricted: figure("restricted"),
    since: lastWorkingDay,
    longest: longest.map((row) => ({
      subject: row.subject,
      dueDate: row.dueDate,
      assignee: displayNameOf(row),
    })),
  };
}

/**
 * The department's summary as `reader` may read it (a head's counts less the restricted tasks;
 * the longest overdue never names one), or null when it holds no news for them.
 */
function newsFor(
  { restricted, ...summary }: DepartmentSummary,
  reader: Pick<CurrentUser, "role">,
): Department | null {
  const hides = taskPolicy.hidesRestricted(reader);
  const readable: Department = {
    ...summary,
    ...(Object.fromEntries(
      DEPARTMENT_COUNTS.map((name) => [name, summary[name] - (hides ? restricted[name] : 0)]),
    ) as DepartmentCounts),
  };
  const hasNews =
    DEPARTMENT_COUNTS.some((name) => readable[name] > 0) || readable.longest.length > 0;
  return hasNews ? readable : null;
}

/** A digest's texts in `language`. */
function digestMail(
  language: Language,
  content: {
    today: string;
    dueSoonDays: number;
    mine: Personal | undefined;
    summary: Department | null;
    overdueDays: (day: string) => number;
  },
) {
  const t = fullI18n.getFixedT(language, "notifications");
  const date = (day: string) => formatDisplayDate(day, language);
  const listed = (items: DueTask[], line: (task: DueTask) => string) => [
    ...items.slice(0, LIST_LIMIT).map(line),
    ...(items.length > LIST_LIMIT ? [t("digest.more", { count: items.length - LIST_LIMIT })] : []),
  ];
  const dueOn = (task: DueTask) =>
    t("digest.dueOn", { subject: task.subject, dueDate: date(task.dueDate) });
  const sections: { heading: string; items: string[] }[] = [];
  const { mine, summary } = content;
  if (mine?.overdue.length)
    sections.push({
      heading: t("digest.overdue"),
      items: listed(mine.overdue, (task) =>
        t("digest.overdueBy", {
          subject: task.subject,
          dueDate: date(task.dueDate),
          count: content.overdueDays(task.dueDate),
        }),
      ),
    });
  if (mine?.dueToday.length)
    sections.push({ heading: t("digest.dueToday"), items: listed(mine.dueToday, dueOn) });
  if (mine?.dueSoon.length)
    sections.push({
      heading: t("digest.dueSoon", { count: content.dueSoonDays }),
      items: listed(mine.dueSoon, dueOn),
    });
  if (summary) {
    sections.push({
      heading: t("digest.department"),
      items: [
        t("digest.newlyOverdue", { count: summary.newlyOverdue }),
        t("digest.superOverdue", { count: summary.superOverdue }),
        t("digest.completedSince", { date: date(summary.since), count: summary.completedSince }),
      ],
    });
    if (summary.longest.length)
      sections.push({
        heading: t("digest.longestOverdue"),
        items: summary.longest.map((task) =>
          t("digest.longestOverdueItem", {
            subject: task.subject,
            assignee: task.assignee,
            dueDate: date(task.dueDate),
            count: content.overdueDays(task.dueDate),
          }),
        ),
      });
  }
  return {
    subject: t("digest.subject", { date: date(content.today) }),
    paragraphs: [t("digest.intro")],
    sections,
    action: t("digest.openTasks"),
    footer: t("mail.preferences"),
  };
}
