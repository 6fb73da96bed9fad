import { Table, Text, VisuallyHidden } from "@mantine/core";
import { type CSSProperties, type ReactNode, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../shared/i18n/message";
import classes from "./data-table.module.css";
import { LoadFailedRow, SkeletonRows, TableMessageRow } from "./table-states";

/**
 * Where a cell goes when a narrow list shows its rows as cards (`asCards`): the card's title
 * (first, no label), a line under its column's name (the default), or the row's action (last).
 */
export type CardPlace = "title" | "line" | "action";

/**
 * A column as data: its name, how a row fills its cell, and how the cell sits. Columns may be
 * made once, outside any page, so their names may be catalog keys.
 */
export type Column<Row, Context = void> = {
  /**
   * The column's name, a catalog key ("tasks:column.subject") or text already in the page's
   * language; also the cell's label in a card. Unique within a table.
   */
  header: string;
  render: (row: Row, context: Context) => ReactNode;
  /** Keeps the cell on one line (dates, times, figures). */
  nowrap?: boolean;
  /**
   * The narrowest the column gets (a CSS length). Its text wraps anywhere, a long pasted token
   * included, instead of widening the table past the screen.
   */
  minWidth?: string;
  /** Figures line up at the end of their column, header included. */
  align?: "start" | "end";
  /** The cell names its row for assistive technology (a row header). */
  isRowHeader?: boolean;
  /**
   * The name is for assistive technology only: a column of checkboxes whose cells say what
   * they are, and would otherwise widen the table by a word.
   */
  isHeaderHidden?: boolean;
  card?: CardPlace;
};

/** A row's actions: the last column of a table row, the foot of a card. */
export function actionsColumn<Row, Context = void>(
  render: Column<Row, Context>["render"],
): Column<Row, Context> {
  return { header: "common:column.actions", render, card: "action" };
}

/** Rows under a heading row of their own (the engagement chart's days). */
export type RowGroup<Row> = { key: string; heading: ReactNode; rows: Row[] };

/**
 * The texts given to the table (its label, column names, empty and failure messages) are
 * catalog keys or text already in the page's language: the table shows them translated.
 */
type DataTableProps<Row> = {
  /** Names the table and the region it scrolls in, for assistive technology and tests. */
  label: string;
  columns: Column<Row>[];
  /** Undefined until the first answer: skeleton rows stand in. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The rows shown belong to the previous page or filter while the next one loads. */
  isStale?: boolean;
  /** Set when the rows could not be loaded: its message, with a way to try again. */
  failure?: { message: string; onRetry: () => void } | null;
  /** What an empty list says: a sentence, or a control (e.g. back to the first page). */
  empty: ReactNode;
  skeletonRows?: number;
  rowClassName?: (row: Row) => string | undefined;
  groupRows?: (rows: Row[]) => RowGroup<Row>[];
  /** In a narrow box (a phone) each row becomes a card instead of scrolling sideways. */
  asCards?: boolean;
  /** Two-word headers may wrap, so that many columns fit beside the sidebar on a laptop. */
  wrapHeaders?: boolean;
  /** On the scroll box, for a page's own print or colour rules. */
  className?: string;
};

function cellStyle<Row>(column: Column<Row>): CSSProperties | undefined {
  return column.minWidth ? ({ "--column-min-width": column.minWidth } as CSSProperties) : undefined;
}

function cellClassName<Row>(column: Column<Row>): string | undefined {
  const names = [
    column.nowrap && classes.nowrap,
    column.minWidth && classes.sized,
    column.isRowHeader && classes.rowHeader,
  ].filter(Boolean);
  return names.length > 0 ? names.join(" ") : undefined;
}

/**
 * The lists' table: a keyboard-reachable scrolling box with a sticky header of column names;
 * skeleton rows until the first answer, the previous rows dimmed while the next load, and a
 * message row when the list is empty or failed to load.
 *
 * The roles are spelt out because cards restyle the table's elements (display: block), which
 * some browsers take as the end of their table semantics.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  isStale = false,
  failure,
  empty,
  skeletonRows,
  rowClassName,
  groupRows,
  asCards = false,
  wrapHeaders = false,
  className,
}: DataTableProps<Row>) {
  // New rows are drawn in a render React may pause for input and paint: a page of rows, each
  // with its buttons and tooltips, was the longest task of a list page's opening (issue 32).
  const shownRows = useDeferredValue(rows);
  const isLoading = shownRows === undefined && !failure;
  const { i18n } = useTranslation();
  const text = (value: string) => translateMessage(i18n, value);
  const headers = columns.map((column) => text(column.header));

  function renderRow(row: Row) {
    const rowClass = rowClassName?.(row);
    return (
      <Table.Tr
        key={rowKey(row)}
        role="row"
        className={rowClass ? `${classes.row} ${rowClass}` : classes.row}
      >
        {columns.map((column, index) => {
          const Cell = column.isRowHeader ? Table.Th : Table.Td;
          return (
            <Cell
              key={column.header}
              role={column.isRowHeader ? "rowheader" : "cell"}
              scope={column.isRowHeader ? "row" : undefined}
              ta={column.align}
              className={cellClassName(column)}
              style={cellStyle(column)}
              data-card={column.card ?? "line"}
              data-label={headers[index]}
            >
              {column.render(row)}
            </Cell>
          );
        })}
      </Table.Tr>
    );
  }

  const message = (content: ReactNode) => (
    <Table.Tbody role="rowgroup">
      <TableMessageRow colSpan={columns.length}>{content}</TableMessageRow>
    </Table.Tbody>
  );

  let body: ReactNode;
  if (shownRows === undefined && failure) {
    body = (
      <Table.Tbody role="rowgroup">
        <LoadFailedRow
          colSpan={columns.length}
          message={text(failure.message)}
          onRetry={failure.onRetry}
        />
      </Table.Tbody>
    );
  } else if (shownRows === undefined) {
    body = (
      <Table.Tbody role="rowgroup">
        <SkeletonRows columns={columns} rows={skeletonRows} />
      </Table.Tbody>
    );
  } else if (shownRows.length === 0) {
    body = message(typeof empty === "string" ? <Text c="dimmed">{text(empty)}</Text> : empty);
  } else if (groupRows) {
    // One row group per heading, so screen readers announce the heading with each row.
    body = groupRows(shownRows).map((group) => (
      <Table.Tbody key={group.key} role="rowgroup">
        <Table.Tr role="row" className={classes.groupHeading}>
          <Table.Th role="rowheader" scope="rowgroup" colSpan={columns.length}>
            {group.heading}
          </Table.Th>
        </Table.Tr>
        {group.rows.map(renderRow)}
      </Table.Tbody>
    ));
  } else {
    body = <Table.Tbody role="rowgroup">{shownRows.map(renderRow)}</Table.Tbody>;
  }

  return (
    <div className={asCards ? classes.cards : undefined}>
      <section
        className={`${classes.scroll} ${className ?? ""}`}
        aria-label={text(label)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
        tabIndex={0}
      >
        <Table
          role="table"
          className={`${classes.table} ${wrapHeaders ? "" : classes.nowrapHeaders} ${isStale ? classes.busy : ""}`}
          stickyHeader
          highlightOnHover
          verticalSpacing="xs"
          fz="sm"
          aria-label={text(label)}
          aria-busy={isLoading || isStale || shownRows !== rows}
        >
          <Table.Thead role="rowgroup">
            <Table.Tr role="row">
              {columns.map((column, index) => (
                <Table.Th key={column.header} role="columnheader" scope="col" ta={column.align}>
                  {column.isHeaderHidden ? (
                    <VisuallyHidden>{headers[index]}</VisuallyHidden>
                  ) : (
                    headers[index]
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {body}
        </Table>
      </section>
    </div>
  );
}
