import { useTranslation } from "react-i18next";
import {
  NOTE_OUTCOME_LABELS,
  NOTE_PURPOSE_LABELS,
  type NoteSheetParagraph,
} from "../../shared/notesheet";
import { useDisplayInstant } from "../ui/use-display-date";
import classes from "./note-sheet.module.css";

/** What the paragraph says: the movement's sentence and its remark or reason, or the entry's text. */
function ParagraphText({ paragraph }: { paragraph: NoteSheetParagraph }) {
  const { t } = useTranslation(["notesheet"]);
  switch (paragraph.kind) {
    case "assigned":
    case "marked":
      return (
        <>
          <p className={classes.sentence}>
            {t(paragraph.kind === "assigned" ? "paragraph.assigned" : "paragraph.marked", {
              name: paragraph.to,
              purpose: t(NOTE_PURPOSE_LABELS[paragraph.purpose]),
            })}
          </p>
          {paragraph.remark && <p className={classes.text}>{paragraph.remark}</p>}
        </>
      );
    case "returned":
      return (
        <>
          <p className={classes.sentence}>
            {paragraph.outcome
              ? t("paragraph.returned", {
                  name: paragraph.to,
                  outcome: t(NOTE_OUTCOME_LABELS[paragraph.outcome]),
                })
              : t("paragraph.returnedWithout", { name: paragraph.to })}
          </p>
          {paragraph.remark && <p className={classes.text}>{paragraph.remark}</p>}
        </>
      );
    case "pulled_back":
      return (
        <>
          <p className={classes.sentence}>{t("paragraph.pulledBack", { name: paragraph.from })}</p>
          {paragraph.reason && (
            <p className={classes.text}>{t("paragraph.reason", { reason: paragraph.reason })}</p>
          )}
        </>
      );
    case "reply":
      return (
        <p className={classes.text}>
          <span className={classes.sentence}>{t("paragraph.reply")}</span> {paragraph.body}
        </p>
      );
    case "progress":
      return <p className={classes.text}>{paragraph.body}</p>;
  }
}

/**
 * The note sheet's numbered paragraphs, each signed as on paper: the writer's name and
 * designation and the date, at the paragraph's inline end.
 */
export function ParagraphList({ paragraphs }: { paragraphs: NoteSheetParagraph[] }) {
  const { t } = useTranslation(["notesheet", "tasks"]);
  const displayInstant = useDisplayInstant();
  if (paragraphs.length === 0) return <p>{t("sheet.none")}</p>;
  return (
    <ol className={classes.paragraphs} aria-label={t("sheet.paragraphsLabel")}>
      {paragraphs.map((paragraph) => (
        <li key={paragraph.number} value={paragraph.number} className={classes.paragraph}>
          <div className={classes.body}>
            <ParagraphText paragraph={paragraph} />
          </div>
          <p className={classes.signature}>
            <bdi className={classes.signer}>
              {paragraph.by.name || t("tasks:thread.formerUser")}
            </bdi>
            {paragraph.by.designation && <bdi>{paragraph.by.designation}</bdi>}
            <time dateTime={paragraph.at}>{displayInstant(paragraph.at).date}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
