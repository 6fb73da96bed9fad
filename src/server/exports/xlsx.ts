import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { textField } from "../../shared/csv";
import type { Language } from "../../shared/i18n/languages";
import type { MessageKey } from "../../shared/i18n/message";
import { said } from "../../shared/i18n/server-instance";

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * How a column's values land in the sheet: `text` is neutralised against formulas (it may be
 * typed by anyone), `label` a catalog key (a status, a role) in the reader's language, `date` a
 * yyyy-MM-dd day, `datetime` a wall-clock instant (excelDateTime), `number` a figure,
 * `percent` a whole percentage (80 for 80%); null leaves the cell empty.
 */
type CellOf = {
  text: string;
  label: MessageKey;
  date: string;
  datetime: Date;
  number: number;
  percent: number;
};

export type XlsxColumn<Row> = {
  [Type in keyof CellOf]: {
    /** The heading, a catalog key, in the caller's language. */
    heading: MessageKey;
    type: Type;
    /** In characters, as Excel counts them. */
    width: number;
    value: (row: Row) => CellOf[Type] | null;
  };
}[keyof CellOf];

/**
 * Rows per SQL page: a page's rows are what an export holds. Small enough that they die young
 * (2,000-row pages lived long enough to be promoted: about 100 MB more server memory at peak).
 */
export const EXPORT_PAGE_SIZE = 500;

const NUMBER_FORMATS: Record<keyof CellOf, string | undefined> = {
  text: undefined,
  label: undefined,
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm",
  number: undefined,
  percent: "0%",
};

/**
 * Excel keeps no zone: a day is its midnight, read back by exceljs as that midnight in UTC, so
 * the day is built in UTC too.
 */
function excelDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** A wall-clock day and time (yyyy-MM-dd, HH:mm) as Excel holds it; see excelDay. */
export function excelDateTime(day: string, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(excelDay(day).getTime() + (hours * 60 + minutes) * 60_000);
}

function cellValue<Row>(
  column: XlsxColumn<Row>,
  row: Row,
  label: (key: MessageKey) => string,
): ExcelJS.CellValue {
  switch (column.type) {
    case "text": {
      const value = column.value(row);
      return value === null ? null : textField(value);
    }
    case "label": {
      const value = column.value(row);
      return value === null ? null : label(value);
    }
    case "date": {
      const value = column.value(row);
      return value === null ? null : excelDay(value);
    }
    case "percent": {
      const value = column.value(row);
      return value === null ? null : value / 100;
    }
    default:
      return column.value(row);
  }
}

export type XlsxSheet<Row> = {
  /** The sheet's name, a catalog key. */
  name: MessageKey;
  columns: readonly XlsxColumn<Row>[];
  /** The rows, read in pages as the file is written. */
  rows: AsyncIterable<Row>;
  language: Language;
};

/** A list's sheet, before the reader's language is known. */
export type SheetOf<Row> = Omit<XlsxSheet<Row>, "language">;

/**
 * The workbook as a web stream, written while it is read: each row is committed (zipped and
 * passed on) as soon as it is added, and the next page of rows is read only once the reader
 * has taken what was written, so memory stays flat however many rows there are. A failure
 * half way (the headers already sent) ends the download with an error.
 */
export function xlsxStream<Row>({ name, columns, rows, language }: XlsxSheet<Row>) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
  });
  // A label repeats on every row (a status, a role): translated once per export.
  const labels = new Map<MessageKey, string>();
  const label = (key: MessageKey) => {
    let text = labels.get(key);
    if (text === undefined) {
      text = said(key, language);
      labels.set(key, text);
    }
    return text;
  };
  const sheet = workbook.addWorksheet(said(name, language), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: column.width,
    style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

  async function write() {
    const header = sheet.addRow(columns.map((column) => said(column.heading, language)));
    header.font = { bold: true };
    header.commit();
    for await (const row of rows) {
      // Each cell takes its column's number format as it is made.
      sheet.addRow(columns.map((column) => cellValue(column, row, label))).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
      // The reader went away: stop reading pages for nobody.
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** The download's headers: `<list>-<day>.xlsx`. */
export function xlsxHeaders(list: string, day: string): Record<string, string> {
  return {
    "Content-Type": XLSX_CONTENT_TYPE,
    "Content-Disposition": `attachment; filename="${list}-${day}.xlsx"`,
    "Cache-Control": "no-store",
  };
}

/**
 * Rows read a page at a time, in the list's own order: `page(offset, last)` answers up to
 * `pageSize` rows from `offset`, as the list's pages do, or (a long list, where skipping
 * `offset` rows would cost more each page) the rows after `last`, the previous page's last.
 */
export async function* paged<Row>(
  pageSize: number,
  page: (offset: number, last: Row | undefined) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let last: Row | undefined;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await page(offset, last);
    yield* rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}
