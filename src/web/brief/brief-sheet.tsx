import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type Brief, briefSections } from "../../shared/brief";
import type { Namespace } from "../../shared/i18n/catalog";
import { translateMessage } from "../../shared/i18n/message";
import { usePageLanguage } from "../i18n/language";
import printout from "../ui/print/printout.module.css";
import { useDisplayDate } from "../ui/use-display-date";
import classes from "./brief.module.css";

/** The brief's words and those of the engagements' venues and statuses it names. */
export const BRIEF_NAMESPACES: Namespace[] = ["brief", "engagements"];

/**
 * The brief as one sheet: its heading and day, then each section's lines (the same lines the
 * mail carries, shared/brief.ts briefSections), with what did not fit counted.
 */
export function BriefSheet({ brief }: { brief: Brief }) {
  const { t, i18n } = useTranslation(BRIEF_NAMESPACES);
  const language = usePageLanguage();
  const displayDate = useDisplayDate();
  const text = (value: string) => translateMessage(i18n, value, language);
  // The screen's sheet and the printed copy are both in the document: ids of their own.
  const idPrefix = useId();
  return (
    <article>
      <h2 className={printout.title}>{t("heading")}</h2>
      <p className={printout.subtitle}>{t("forDate", { date: displayDate(brief.date) })}</p>
      {!brief.isWorkingDay && (
        <p className={printout.subtitle}>{t("notWorkingDay", { date: displayDate(brief.date) })}</p>
      )}
      <div className={classes.sections}>
        {briefSections(brief, language).map((section) => (
          <section
            key={section.id}
            aria-labelledby={`${idPrefix}-${section.id}`}
            className={section.id === "longestPending" ? classes.wide : classes.section}
          >
            <h3 id={`${idPrefix}-${section.id}`} className={classes.sectionTitle}>
              {text(section.heading)}
            </h3>
            {section.items.length === 0 ? (
              <p className={classes.none}>{t("none")}</p>
            ) : (
              <ul className={classes.list}>
                {section.items.map((item) => (
                  <li key={item.id}>{text(item.text)}</li>
                ))}
              </ul>
            )}
            {section.more > 0 && (
              <p className={classes.more}>{t("more", { count: section.more })}</p>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
