import { formatDisplayDate } from "../../shared/dates";
import { VENUE_LABELS, type Venue } from "../../shared/engagements";
import type { Language } from "../../shared/i18n/languages";
import { fullI18n } from "../../shared/i18n/server-instance";
import type {
  EntityNotificationKind,
  NotificationEntity,
  NotificationKind,
  NotificationValues,
} from "../../shared/notifications";
import type { Role } from "../../shared/roles";

const DATE_VALUES = new Set(["dueDate", "previousDueDate", "date"]);
const venueIn = (language: Language) => fullI18n.getFixedT(language, ["engagements", "common"]);

/**
 * A notification's values as a reader of `language` sees them: dates in their format, a venue
 * by its label (the stored value is the English name).
 */
function shown(values: NotificationValues, language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => {
        if (DATE_VALUES.has(name)) return [name, formatDisplayDate(value, language)];
        if (name === "venue" && value in VENUE_LABELS)
          return [name, venueIn(language)(VENUE_LABELS[value as Venue])];
        return [name, value];
      }),
  );
}

type NoticeKey =
  | `text.${NotificationKind}`
  | "text.engagement_removed"
  | `subject.${EntityNotificationKind}`;

/**
 * The notifications catalog in `language`. Not through said(): a value there that happens to
 * be a catalog key is translated, and a task's subject is people's text, never a key.
 */
function translate(language: Language, key: NoticeKey, values: Record<string, string>): string {
  // Each kind's sentence takes a different set of values; the key is checked, the values are
  // the notice's own.
  const t = fullI18n.getFixedT(language, "notifications") as unknown as (
    key: NoticeKey,
    values: Record<string, string>,
  ) => string;
  return t(key, values);
}

/** The notice's sentence, as the bell's list and the mail's body say it. */
export function noticeText(
  kind: NotificationKind,
  values: NotificationValues,
  language: Language,
): string {
  // Someone taken off an engagement's participants hears that, not the engagement's news.
  const key = values.attendance === "removed" ? "text.engagement_removed" : `text.${kind}`;
  return translate(language, key as NoticeKey, shown(values, language));
}

/** The mail's subject: what kind of notice, and the task's or engagement's subject, nothing more. */
export function noticeSubject(
  kind: EntityNotificationKind,
  values: NotificationValues,
  language: Language,
): string {
  return translate(language, `subject.${kind}`, { subject: values.subject ?? "" });
}

/** Where a notice about a task leads: its details page, for every role. */
export function taskPath(taskId: string): string {
  return `/task/${taskId}`;
}

/** Where a notice about an engagement leads: the chart, in the reader's role's pages. */
export const ENGAGEMENT_CHART_PATHS: Record<Role, string> = {
  admin: "/admin/engagement-chart",
  organization_head: "/organization/engagement-chart",
  user: "/user/engagement-chart",
};

/** The page a notice about `entity` leads its reader (of `role`) to. */
export function entityPath(entity: NotificationEntity, id: string, role: Role): string {
  return entity === "task" ? taskPath(id) : ENGAGEMENT_CHART_PATHS[role];
}

/** Where a digest leads: the person's task list. */
export const TASKS_PATH = "/tasks";

/** The page each mail's List-Unsubscribe and footer point to. */
export const PREFERENCES_PATH = "/preferences";
