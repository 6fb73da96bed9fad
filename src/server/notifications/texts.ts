import { formatDisplayDate } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import { fullI18n } from "../../shared/i18n/server-instance";
import type {
  NotificationKind,
  NotificationValues,
  TaskNotificationKind,
} from "../../shared/notifications";

/** A notification's values as a reader of `language` sees them (dates in their format). */
function shown(values: NotificationValues, language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => [
        name,
        name === "dueDate" || name === "previousDueDate"
          ? formatDisplayDate(value, language)
          : value,
      ]),
  );
}

type NoticeKey = `text.${NotificationKind}` | `subject.${TaskNotificationKind}`;

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
  return translate(language, `text.${kind}`, shown(values, language));
}

/** The mail's subject: what kind of notice, and the task's subject, nothing more. */
export function noticeSubject(
  kind: TaskNotificationKind,
  values: NotificationValues,
  language: Language,
): string {
  return translate(language, `subject.${kind}`, { subject: values.subject ?? "" });
}

/** Where a notice about a task leads: its details page, for every role. */
export function taskPath(taskId: string): string {
  return `/task/${taskId}`;
}

/** Where a digest leads: the person's task list. */
export const TASKS_PATH = "/tasks";

/** The page each mail's List-Unsubscribe and footer point to. */
export const PREFERENCES_PATH = "/preferences";
