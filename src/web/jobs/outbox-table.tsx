import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MessageKey } from "../../shared/i18n/message";
import type { OutboxItem, OutboxState } from "../../shared/notifications";
import { Icon } from "../ui/icons";
import { InstantCell } from "../ui/instant-cell";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { BackToFirstPage } from "../ui/list/pager";
import { RowAction } from "../ui/list/row-action";
import { TintedBadge } from "../ui/tinted-badge";
import { useResendMail } from "./outbox-queries";

export const OUTBOX_STATE_LABELS = {
  all: "office:state.all",
  queued: "office:state.queued",
  running: "office:state.running",
  done: "office:state.done",
  failed: "office:state.failed",
} as const satisfies Record<OutboxState | "all", MessageKey>;

const STATE_COLORS: Record<OutboxState, string> = {
  queued: "gray",
  running: "blue",
  done: "green",
  failed: "red",
};

function ResendIcon() {
  return (
    <Icon>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </Icon>
  );
}

function StateBadge({ state }: { state: OutboxState }) {
  const { t } = useTranslation(["office", "common"]);
  return <TintedBadge color={STATE_COLORS[state]}>{t(OUTBOX_STATE_LABELS[state])}</TintedBadge>;
}

function ResendAction({ message }: { message: OutboxItem }) {
  const { t } = useTranslation("office");
  const resend = useResendMail();
  return (
    <RowAction
      label={t("outbox.resendNamed", { subject: message.subject, to: message.to })}
      tooltip={t("outbox.resend")}
      loading={resend.isPending}
      onClick={() => resend.mutate(message.id)}
    >
      <ResendIcon />
    </RowAction>
  );
}

type OutboxTableProps = {
  /** Undefined while the first page loads. */
  messages: OutboxItem[] | undefined;
  isStale: boolean;
  failure: { message: string; onRetry: () => void } | null;
  /** Whether any message is in the state shown at all (on an earlier page, say). */
  total: number | undefined;
  isFiltered: boolean;
  onPageChange: (page: number) => void;
};

/** The outbox's messages, newest first; a failed one can be sent again. */
export function OutboxTable({
  messages,
  isStale,
  failure,
  total,
  isFiltered,
  onPageChange,
}: OutboxTableProps) {
  // Addresses, subjects and SMTP's replies keep their own direction on an Urdu page (<bdi>).
  const columns: Column<OutboxItem>[] = [
    {
      header: "office:column.recipient",
      isRowHeader: true,
      minWidth: "10rem",
      card: "title",
      render: (message) => (
        <Stack gap={0}>
          {message.recipientName && <Text size="sm">{message.recipientName}</Text>}
          <Text size="xs" c="dimmed">
            <bdi>{message.to}</bdi>
          </Text>
        </Stack>
      ),
    },
    {
      header: "office:column.subject",
      minWidth: "10rem",
      render: (message) => <bdi>{message.subject}</bdi>,
    },
    {
      header: "office:column.state",
      nowrap: true,
      render: (message) => <StateBadge state={message.state} />,
    },
    {
      header: "office:column.attempts",
      align: "end",
      nowrap: true,
      render: (message) => message.attempts,
    },
    {
      header: "office:column.lastError",
      minWidth: "10rem",
      render: (message) => (
        <Text size="xs" c={message.state === "failed" ? "red.9" : "dimmed"}>
          <bdi>{message.lastError ?? ""}</bdi>
        </Text>
      ),
    },
    {
      header: "office:column.queued",
      nowrap: true,
      render: (message) => <InstantCell timestamp={message.createdAt} />,
    },
    {
      header: "office:column.finished",
      nowrap: true,
      render: (message) => <InstantCell timestamp={message.finishedAt} />,
    },
    actionsColumn((message) =>
      message.state === "failed" ? <ResendAction message={message} /> : null,
    ),
  ];

  let empty: ReactNode = isFiltered ? "office:outbox.emptyState" : "office:outbox.empty";
  // A later page emptied while it was open: earlier pages still hold messages.
  if (total !== undefined && total > 0) empty = <BackToFirstPage onPageChange={onPageChange} />;

  return (
    <DataTable
      label="office:outbox.tableLabel"
      columns={columns}
      rows={messages}
      rowKey={(message) => message.id}
      isStale={isStale}
      failure={failure}
      empty={empty}
      wrapHeaders
      asCards
    />
  );
}
