import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type MessageKey, translateMessage } from "../../../shared/i18n/message";
import printout from "../../ui/print/printout.module.css";
import { useDisplayDate } from "../../ui/use-display-date";
import classes from "./register-sheet.module.css";

export type SheetColumn<Entry> = {
  header: MessageKey;
  render: (entry: Entry) => ReactNode;
  /**
   * The column's share of the paper's width, as a register is ruled: the register's columns
   * share what S. No. leaves (SERIAL_WIDTH), so theirs add up to 95%.
   */
  width: `${number}%`;
};

const SERIAL_WIDTH = "5%";

export type SheetWords = {
  /** The register's name, the sheet's title. */
  title: MessageKey;
  table: MessageKey;
  /** What the sheet says for a day with no entries. */
  none: MessageKey;
};

/**
 * A day's register on paper: the office's name, the register's name and the day over every
 * entry of that day in the register's columns, each numbered (S. No.) in the register's order.
 */
export function RegisterSheet<Entry extends { id: string }>({
  day,
  entries,
  columns,
  words,
}: {
  day: string;
  entries: Entry[];
  columns: SheetColumn<Entry>[];
  words: SheetWords;
}) {
  const { t, i18n } = useTranslation(["dak", "common"]);
  const say = (key: MessageKey) => translateMessage(i18n, key);
  const displayDate = useDisplayDate();
  return (
    <div className={classes.printArea}>
      <div className={classes.heading}>
        <p className={classes.department}>{t("common:banner.department")}</p>
        <p className={classes.office}>{t("common:banner.office")}</p>
        <h1 className={printout.title}>{say(words.title)}</h1>
        <p className={printout.subtitle}>
          {t("dak:print.summary", { date: displayDate(day), count: entries.length })}
        </p>
      </div>
      <table className={`${printout.table} ${classes.ruled}`} aria-label={say(words.table)}>
        <colgroup>
          <col style={{ width: SERIAL_WIDTH }} />
          {columns.map((column) => (
            <col key={column.header} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t("dak:print.serial")}</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {say(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1}>{say(words.none)}</td>
            </tr>
          ) : (
            entries.map((entry, index) => (
              <tr key={entry.id}>
                <td className={classes.serial}>{index + 1}</td>
                {columns.map((column) => (
                  <td key={column.header}>{column.render(entry)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Lines of a cell, each on its own line (addressees; under a cell's first line, its details: a
 * designation, a date, a purpose), in the direction of their own script.
 */
export function Lines({
  lines,
  areDetails = false,
}: {
  lines: (string | null | undefined)[];
  areDetails?: boolean;
}) {
  const text = lines.filter(Boolean).join("\n");
  return (
    text && (
      <div className={areDetails ? classes.details : classes.lines}>
        <bdi>{text}</bdi>
      </div>
    )
  );
}
