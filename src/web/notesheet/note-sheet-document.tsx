import { useTranslation } from "react-i18next";
import type { NoteSheet } from "../../shared/notesheet";
import printout from "../ui/print/printout.module.css";
import { useDisplayDate } from "../ui/use-display-date";
import classes from "./note-sheet.module.css";
import { ParagraphList } from "./paragraph-list";

/**
 * The note sheet as it goes on paper: the task's heading, the QR code of its verification
 * address in the top corner at the inline end, and the numbered paragraphs.
 */
export function NoteSheetDocument({ sheet, qrUrl }: { sheet: NoteSheet; qrUrl?: string }) {
  const { t } = useTranslation(["notesheet", "tasks", "dak"]);
  const displayDate = useDisplayDate();
  const { heading } = sheet;
  return (
    <article className={classes.sheet}>
      <header className={classes.head}>
        <div className={classes.headText}>
          <h1 className={printout.title}>{t("sheet.title")}</h1>
          <dl className={classes.facts}>
            <dt>{t("tasks:field.subject")}</dt>
            <dd>
              <bdi>{heading.subject}</bdi>
            </dd>
            {heading.diaryNumber && (
              <>
                <dt>{t("dak:field.diaryNumber")}</dt>
                <dd>
                  <bdi>{heading.diaryNumber}</bdi>
                </dd>
              </>
            )}
            <dt>{t("tasks:field.assignDate")}</dt>
            <dd>{displayDate(heading.assignDate)}</dd>
            <dt>{t("tasks:field.dueDate")}</dt>
            <dd>{displayDate(heading.dueDate)}</dd>
          </dl>
        </div>
        {sheet.code ? (
          <figure className={classes.code}>
            {qrUrl && <img className={classes.qr} src={qrUrl} alt={t("code.qr")} />}
            <figcaption>
              {t("code.label")}
              <code className={classes.codeText} data-verification-code={sheet.code}>
                {sheet.code}
              </code>
            </figcaption>
          </figure>
        ) : (
          <p className={classes.noCode}>{t("code.none")}</p>
        )}
      </header>
      <ParagraphList paragraphs={sheet.paragraphs} />
    </article>
  );
}
