import { Anchor, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MessageKey } from "../../../shared/i18n/message";
import { withFallbacks } from "../../../shared/list-state";
import {
  EXTENSION_STATUS_LABELS,
  EXTENSION_STATUSES,
  type ExtensionRequestItem,
  type ExtensionStatus,
  extensionListQuery,
} from "../../../shared/tasks";
import { InstantCell } from "../../ui/instant-cell";
import { actionsColumn, type Column, DataTable } from "../../ui/list/data-table";
import { useListState } from "../../ui/list/use-list-state";
import { ExtensionDecisionActions, useDueDateChange } from "./extension-actions";
import { useExtensionRequests } from "./extension-queries";
import { ExtensionStatusBadge } from "./extension-status-badge";

/** The tab shown lives in the address, so a reload or a shared link opens the same one. */
const extensionPageState = withFallbacks(extensionListQuery);

const EMPTY_MESSAGES = {
  pending: "tasks:extension.empty.pending",
  approved: "tasks:extension.empty.approved",
  declined: "tasks:extension.empty.declined",
} as const satisfies Record<ExtensionStatus, MessageKey>;

type RequestColumn = Column<ExtensionRequestItem>;

/** A reason as it was written: its lines kept, in its own direction on an Urdu page. */
function reasonColumn(
  header: string,
  reason: (request: ExtensionRequestItem) => string,
): RequestColumn {
  return {
    header,
    minWidth: "10rem",
    render: (request) => (
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        <bdi>{reason(request)}</bdi>
      </Text>
    ),
  };
}

/** Who answered and when, and why not for declined ones: the answered tabs' own columns. */
function answeredColumns(status: ExtensionStatus): RequestColumn[] {
  if (status === "pending") return [];
  const answer: RequestColumn[] = [
    {
      header: "tasks:extension.column.decidedBy",
      render: (request) => <bdi>{request.decidedByName ?? ""}</bdi>,
    },
    {
      header: "tasks:extension.column.decidedAt",
      nowrap: true,
      render: (request) => <InstantCell timestamp={request.decidedAt} />,
    },
  ];
  if (status === "approved") return answer;
  return [
    ...answer,
    reasonColumn("tasks:extension.column.declineReason", (request) => request.decisionReason ?? ""),
  ];
}

/**
 * /admin/extension-requests and /organization/extension-requests: the assignees' requests for a
 * later due date by status, pending ones first in line. Approve and Decline show where the
 * server says the viewer may answer (request.canDecide): admins, not organization heads.
 */
export function ExtensionRequestsPage() {
  const { t } = useTranslation(["tasks", "common"]);
  const dueDateChange = useDueDateChange();
  const list = useListState(extensionPageState);
  const { status } = list.values;
  const { data, isError, isPlaceholderData, refetch } = useExtensionRequests(status);
  const requests = data?.requests;
  const canDecideAny = requests?.some((request) => request.canDecide) ?? false;

  const columns: RequestColumn[] = [
    {
      header: "tasks:extension.column.task",
      isRowHeader: true,
      card: "title",
      minWidth: "10rem",
      render: (request) => (
        <Anchor component={Link} to={`/task/${request.taskId}`} size="sm" fw={500}>
          {request.taskSubject}
        </Anchor>
      ),
    },
    {
      header: "tasks:field.assignedTo",
      render: (request) => <bdi>{request.assignedUserName}</bdi>,
    },
    {
      header: "tasks:extension.column.dueDate",
      // Two dates side by side would crowd Approve and Decline off a laptop's screen.
      minWidth: "8rem",
      render: (request) => dueDateChange(request),
    },
    reasonColumn("tasks:extension.field.reason", (request) => request.reason),
    {
      header: "tasks:extension.column.askedAt",
      nowrap: true,
      render: (request) => <InstantCell timestamp={request.createdAt} />,
    },
    {
      header: "tasks:field.status",
      render: (request) => <ExtensionStatusBadge status={request.status} />,
    },
    ...answeredColumns(status),
    ...(canDecideAny
      ? [
          actionsColumn<ExtensionRequestItem>((request) => (
            <ExtensionDecisionActions request={request} />
          )),
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t("common:page.extensionRequests")}</Title>
        <Text c="dimmed">{t("extension.intro")}</Text>
      </Stack>
      <Tabs
        value={status}
        onChange={(value) => list.change({ status: extensionPageState.shape.status.parse(value) })}
      >
        <Tabs.List aria-label={t("extension.tabs.label")}>
          {EXTENSION_STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(EXTENSION_STATUS_LABELS[value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        label="tasks:extension.table.label"
        columns={columns}
        rows={requests}
        rowKey={(request) => request.id}
        isStale={isPlaceholderData}
        failure={
          isError && !data
            ? { message: "tasks:extension.error.loadFailed", onRetry: () => void refetch() }
            : null
        }
        empty={EMPTY_MESSAGES[status]}
        asCards
        wrapHeaders
      />
    </Stack>
  );
}
