import { Table } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./scroll-table.module.css";

/**
 * The lists' table: a keyboard-reachable scrolling box with a sticky header of column names,
 * dimmed while a new page or filter loads. `children` is what follows the header (tbody).
 */
export function ScrollTable({
  label,
  headers,
  busy,
  loading,
  className,
  style,
  children,
}: {
  label: string;
  headers: string[];
  /** Showing the previous result while the next one loads. */
  busy: boolean;
  loading: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className={`${classes.scroll} ${className ?? ""}`} aria-label={label} tabIndex={0}>
      <Table
        className={`${classes.table} ${busy ? classes.busy : ""}`}
        style={style}
        stickyHeader
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        aria-label={label}
        aria-busy={loading || busy}
      >
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {children}
      </Table>
    </section>
  );
}
