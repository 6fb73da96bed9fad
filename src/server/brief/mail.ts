import { inArray } from "drizzle-orm";
import { type Brief, briefSections } from "../../shared/brief";
import { isWorkingDay, wantsEmail } from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages";
import { translateMessage } from "../../shared/i18n/message";
import { fullI18n } from "../../shared/i18n/server-instance";
import type { Role } from "../../shared/roles";
import { displayNameOf, isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { queueMails } from "../jobs/queue";
import { claimSlot } from "../jobs/slots";
import { renderMail } from "../mail/templates";
import { selectMailReaders } from "../notifications/mail-readers";
import { PREFERENCES_PATH } from "../notifications/texts";
import { readOfficeCalendar, readOfficeSettings } from "../office/settings";
import { composeBrief } from "./service";

/** The brief's page for each role that reads it (the mail's button). */
export const BRIEF_PATHS = {
  admin: "/admin/brief",
  organization_head: "/organization/brief",
} as const satisfies Partial<Record<Role, string>>;

type BriefRole = keyof typeof BRIEF_PATHS;
const BRIEF_ROLES = Object.keys(BRIEF_PATHS) as BriefRole[];

function isBriefRole(role: Role): role is BriefRole {
  return role in BRIEF_PATHS;
}

/** The brief's texts in `language`; the button's and footer's addresses are added per reader. */
function briefMail(brief: Brief, language: Language) {
  const tr = (text: string) => translateMessage(fullI18n, text, language);
  const t = fullI18n.getFixedT(language, "brief");
  const date = formatDisplayDate(brief.date, language);
  return {
    subject: t("mail.subject", { date }),
    paragraphs: [t("mail.intro", { date })],
    sections: briefSections(brief, language).map((section) => ({
      heading: tr(section.heading),
      items: [
        ...(section.items.length === 0 ? [t("none")] : section.items.map((item) => tr(item.text))),
        ...(section.more > 0 ? [t("more", { count: section.more })] : []),
      ],
    })),
    action: t("mail.open"),
    footer: fullI18n.getFixedT(language, "notifications")("mail.preferences"),
  };
}

/**
 * The Daily Brief of `today` (a working day), mailed to the admins and organization heads who
 * asked for it (an opt-in kind: shared/calendar.ts wantsEmail). Claimed once across instances
 * and queued in the claim's transaction: every mail of the day, or none. The brief is composed
 * once and worded once per language; only the greeting is each reader's.
 */
export async function runBriefMail(
  db: Db,
  options: { appUrl: string; today: string; now: Date },
): Promise<{ mails: number } | null> {
  const { appUrl, today } = options;
  return db.transaction(async (tx) => {
    const settings = await readOfficeSettings(tx);
    const calendar = await readOfficeCalendar(tx, settings);
    if (!isWorkingDay(today, calendar)) return null;
    if (!(await claimSlot(tx, "daily_brief", today))) return null;

    const people = await selectMailReaders(tx, inArray(user.role, BRIEF_ROLES));
    const readers = people.flatMap((person) =>
      isBriefRole(person.role) &&
      !isPlaceholderEmail(person.email) &&
      wantsEmail("daily_brief", person.choices ?? undefined, settings.emailDefaults)
        ? [{ ...person, path: BRIEF_PATHS[person.role] }]
        : [],
    );
    if (readers.length === 0) return { mails: 0 };

    const brief = await composeBrief(tx, today, calendar);
    const worded = new Map<Language, ReturnType<typeof briefMail>>();
    const preferencesUrl = `${appUrl}${PREFERENCES_PATH}`;
    await queueMails(
      tx,
      appUrl,
      readers.map((person) => {
        const language = person.language ?? DEFAULT_LANGUAGE;
        let mail = worded.get(language);
        if (!mail) {
          mail = briefMail(brief, language);
          worded.set(language, mail);
        }
        return {
          mail: renderMail(
            person.email,
            displayNameOf(person),
            {
              ...mail,
              action: { label: mail.action, url: `${appUrl}${person.path}` },
              footer: { text: mail.footer, url: preferencesUrl },
            },
            language,
          ),
          options: { runAt: options.now, recipientId: person.id, unsubscribeUrl: preferencesUrl },
        };
      }),
    );
    return { mails: readers.length };
  });
}
