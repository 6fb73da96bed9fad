import { Anchor, Text, VisuallyHidden } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MessageKey } from "../../shared/i18n/message";
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  type PendencyDashboard,
  type PendencyFigure,
  type PendencyFigures,
  type PendencySort,
} from "../../shared/pendency";
import type { Designations } from "../../shared/users";
import { type Column, DataTable } from "../ui/list/data-table";
import { useDisplayDate } from "../ui/use-display-date";
import { DesignationLine } from "../users/user-display";
import classes from "./pendency.module.css";
import { figureHref, type ListPaths } from "./pendency-links";

export const PENDENCY_NAMESPACES = ["pendency", "tasks", "common"] as const;
export type PendencyT = TFunction<typeof PENDENCY_NAMESPACES>;

/** Each column's name (catalog keys): the table's headers and the Sort by choices. */
export const SORT_LABELS = {
  name: "pendency:column.person",
  ...AGE_BUCKET_LABELS,
  open: "pendency:column.open",
  oldest: "pendency:column.oldest",
  averageDaysHeld: "pendency:column.averageDaysHeld",
  completedThisWeek: "pendency:column.completedThisWeek",
  pendingExtensions: "pendency:column.pendingExtensions",
  pendingDecisions: "pendency:column.pendingDecisions",
  receiptsAwaitingAction: "pendency:column.receiptsAwaitingAction",
} as const satisfies Record<PendencySort, MessageKey>;

/** A row of the table: the department's sums (no userId, no designation) or a person's figures. */
type PendencyRow = PendencyFigures & Designations & { key: string; name: string; userId?: string };

type RowContext = { paths: ListPaths; weekStart: string; t: PendencyT };

/**
 * A figure, linked to the list it counts; zero (an empty list) and a figure no list shows yet
 * (figureHref) stay plain.
 */
function FigureCell({
  row,
  figure,
  context,
}: {
  row: PendencyRow;
  figure: PendencyFigure;
  context: RowContext;
}) {
  const count = row[figure];
  const href = figureHref(figure, context.paths, {
    userId: row.userId,
    weekStart: context.weekStart,
  });
  if (count === 0 || !href) return <>{count}</>;
  return (
    <Anchor
      component={Link}
      to={href}
      size="sm"
      fw={600}
      aria-label={context.t("pendency:figureLink", {
        name: row.name,
        column: context.t(SORT_LABELS[figure]),
        count,
      })}
    >
      {count}
    </Anchor>
  );
}

function OldestCell({ row, t }: { row: PendencyRow; t: PendencyT }) {
  const displayDate = useDisplayDate();
  const { oldest } = row;
  if (!oldest)
    return (
      <>
        <Text c="dimmed" aria-hidden="true">
          —
        </Text>
        <VisuallyHidden>{t("pendency:oldest.none")}</VisuallyHidden>
      </>
    );
  const date = displayDate(oldest.dueDate);
  return (
    <>
      <Anchor component={Link} to={`/task/${oldest.id}`} size="sm">
        {oldest.subject}
      </Anchor>
      <Text size="xs" c="dimmed">
        {oldest.daysPastDue > 0
          ? t("pendency:oldest.late", { date, count: oldest.daysPastDue })
          : t("pendency:oldest.due", { date })}
      </Text>
    </>
  );
}

/** A person's average working days held; a dash when they hold nothing. */
function AverageDaysHeldCell({ row, t }: { row: PendencyRow; t: PendencyT }) {
  if (row.averageDaysHeld === null)
    return (
      <>
        <Text c="dimmed" aria-hidden="true">
          —
        </Text>
        <VisuallyHidden>{t("pendency:averageDaysHeld.none")}</VisuallyHidden>
      </>
    );
  return <>{row.averageDaysHeld}</>;
}

function columnsFor(context: RowContext): Column<PendencyRow>[] {
  const { t } = context;
  const figure = (name: PendencyFigure): Column<PendencyRow> => ({
    header: t(SORT_LABELS[name]),
    align: "end",
    nowrap: true,
    render: (row) => <FigureCell row={row} figure={name} context={context} />,
  });
  return [
    {
      header: t(SORT_LABELS.name),
      isRowHeader: true,
      card: "title",
      minWidth: "9rem",
      render: (row) => (
        <>
          {row.name}
          <DesignationLine person={row} />
        </>
      ),
    },
    ...AGE_BUCKETS.map(figure),
    figure("open"),
    {
      header: t(SORT_LABELS.oldest),
      minWidth: "12rem",
      render: (row) => <OldestCell row={row} t={t} />,
    },
    {
      header: t(SORT_LABELS.averageDaysHeld),
      align: "end",
      nowrap: true,
      render: (row) => <AverageDaysHeldCell row={row} t={t} />,
    },
    figure("completedThisWeek"),
    figure("pendingExtensions"),
    figure("pendingDecisions"),
    figure("receiptsAwaitingAction"),
  ];
}

type PendencyTableProps = {
  dashboard: PendencyDashboard | undefined;
  paths: ListPaths;
  isStale: boolean;
  hasFailed: boolean;
  onRetry: () => void;
};

/** The department's row on top, then each person in the order the server sorted them. */
export function PendencyTable({
  dashboard,
  paths,
  isStale,
  hasFailed,
  onRetry,
}: PendencyTableProps) {
  const { t } = useTranslation(PENDENCY_NAMESPACES);
  const rows: PendencyRow[] | undefined = dashboard && [
    {
      ...dashboard.department,
      key: "department",
      name: t("pendency:department"),
      designation: null,
      designationUr: null,
    },
    ...dashboard.people.map((person) => ({ ...person, key: person.userId })),
  ];
  return (
    <DataTable
      label={t("pendency:table.label")}
      columns={columnsFor({ paths, weekStart: dashboard?.weekStart ?? "", t })}
      rows={rows}
      rowKey={(row) => row.key}
      rowClassName={(row) => (row.userId ? undefined : classes.department)}
      isStale={isStale}
      failure={hasFailed ? { message: t("pendency:fetchFailed"), onRetry } : null}
      empty={t("pendency:table.empty")}
      wrapHeaders
      asCards
    />
  );
}
