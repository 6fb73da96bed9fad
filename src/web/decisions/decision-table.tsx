import { Anchor, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  DECISION_STATUS_COLORS,
  DECISION_STATUS_LABELS,
  type DecisionItem,
} from "../../shared/decisions";
import { DeleteIcon } from "../ui/action-icons";
import { confirmAction } from "../ui/forms/confirm";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { RowAction } from "../ui/list/row-action";
import { TintedBadge } from "../ui/tinted-badge";
import { useDisplayDate } from "../ui/use-display-date";
import { dueDateOf } from "./decision-display";
import { useDeleteDecision } from "./decision-queries";

/** A decision's status in its colour. */
export function DecisionStatusBadge({ status }: { status: DecisionItem["status"] }) {
  const { t } = useTranslation(["decisions", "common"]);
  return (
    <TintedBadge color={DECISION_STATUS_COLORS[status]}>
      {t(DECISION_STATUS_LABELS[status])}
    </TintedBadge>
  );
}

/** Delete, after a confirmation: for admins (the server's `can.delete`). */
function DeleteDecisionAction({ decision }: { decision: DecisionItem }) {
  const { t } = useTranslation(["decisions", "common"]);
  const deleteDecision = useDeleteDecision();

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "decisions:confirm.deleteTitle",
      message: "decisions:confirm.delete",
      confirmLabel: "common:action.delete",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteDecision.mutate(decision.id);
  }

  return (
    <RowAction
      label={t("common:row.delete", { name: decision.description })}
      tooltip={t("common:action.delete")}
      color="red"
      loading={deleteDecision.isPending}
      onClick={() => void handleDelete()}
    >
      <DeleteIcon />
    </RowAction>
  );
}

/** Text typed by someone keeps its own direction on an Urdu page. */
function typed(text: string | null | undefined): ReactNode {
  return text ? <bdi>{text}</bdi> : "—";
}

function useDecisionColumns(showMeeting: boolean, canDeleteAny: boolean): Column<DecisionItem>[] {
  const { t } = useTranslation(["decisions", "common"]);
  const displayDate = useDisplayDate();
  // Across meetings, the agenda item goes under its meeting: one column fewer on a wide list.
  const meeting: Column<DecisionItem> = {
    header: "decisions:column.meeting",
    minWidth: "10rem",
    render: (decision) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/engagement/${decision.engagement.id}`} size="sm">
          <bdi>{decision.engagement.subject}</bdi>
        </Anchor>
        <Text size="xs" c="dimmed">
          {displayDate(decision.engagement.date)}
        </Text>
        {decision.agendaItem && (
          <Text size="xs" c="dimmed">
            {t("table.agendaItem", { item: decision.agendaItem.title })}
          </Text>
        )}
      </Stack>
    ),
  };
  const agendaItem: Column<DecisionItem> = {
    header: "decisions:column.agendaItem",
    minWidth: "8rem",
    render: (decision) => typed(decision.agendaItem?.title),
  };
  return [
    {
      header: "decisions:column.decision",
      isRowHeader: true,
      card: "title",
      minWidth: "12rem",
      render: (decision) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ whiteSpace: "pre-wrap" }}>
            <bdi>{decision.description}</bdi>
          </Text>
          {decision.reason && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
              {t("table.reason", { reason: decision.reason })}
            </Text>
          )}
        </Stack>
      ),
    },
    showMeeting ? meeting : agendaItem,
    {
      header: "decisions:column.owner",
      minWidth: "8rem",
      render: (decision) => typed(decision.owner?.name),
    },
    {
      header: "decisions:column.dueDate",
      nowrap: true,
      render: (decision) => {
        const due = dueDateOf(decision);
        return due ? displayDate(due) : "—";
      },
    },
    {
      header: "decisions:column.status",
      render: (decision) => <DecisionStatusBadge status={decision.status} />,
    },
    {
      header: "decisions:column.daysOverdue",
      nowrap: true,
      align: "end",
      render: (decision) => (decision.daysOverdue > 0 ? decision.daysOverdue : "—"),
    },
    {
      header: "decisions:column.task",
      nowrap: true,
      render: (decision) =>
        decision.task ? (
          <Anchor
            component={Link}
            to={`/task/${decision.task.id}`}
            size="sm"
            aria-label={t("table.openTaskOf", { decision: decision.description })}
          >
            {t("table.openTask")}
          </Anchor>
        ) : (
          "—"
        ),
    },
    ...(canDeleteAny
      ? [
          actionsColumn<DecisionItem>((decision) =>
            decision.can.delete ? <DeleteDecisionAction decision={decision} /> : null,
          ),
        ]
      : []),
  ];
}

type DecisionTableProps = {
  /** Undefined until the first answer (the Decisions page): skeleton rows stand in. */
  decisions: DecisionItem[] | undefined;
  /** A column naming each decision's meeting: for decisions of more than one meeting. */
  showMeeting?: boolean;
  /** The rows shown belong to the previous page or filter while the next one loads. */
  isStale?: boolean;
  failure?: { message: string; onRetry: () => void } | null;
  /** What an empty list says; "No decisions recorded" by default. */
  empty?: ReactNode;
  /** On the table's scroll box, for a page's own print rules. */
  className?: string;
};

/**
 * Decisions as a list: what was decided (and why regretted), on which agenda item, who carries it
 * out by when, where it stands and how many days late, a link to its task, and Delete for admins.
 */
export function DecisionTable({
  decisions,
  showMeeting = false,
  isStale,
  failure,
  empty = "decisions:table.empty",
  className,
}: DecisionTableProps) {
  const canDeleteAny = decisions?.some((decision) => decision.can.delete) ?? false;
  const columns = useDecisionColumns(showMeeting, canDeleteAny);
  return (
    <DataTable
      label="decisions:table.label"
      columns={columns}
      rows={decisions}
      rowKey={(decision) => decision.id}
      isStale={isStale}
      failure={failure}
      empty={empty}
      asCards
      wrapHeaders
      className={className}
    />
  );
}
