import { Badge, Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../shared/i18n/message";
import { type PendingUser, USER_MESSAGES } from "../../shared/users";
import { useErrorToast } from "../api/use-error-toast";
import { confirmAction } from "../ui/forms/confirm";
import { UsersIcon } from "../ui/icons";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { BackToFirstPage, Pager } from "../ui/list/pager";
import { useDisplayInstant } from "../ui/use-display-date";
import { useApproveUser, usePendingUsers, useRejectUser } from "./queries";

const SKELETON_ROWS = 3;

function PendingActions({ user }: { user: PendingUser }) {
  const { t } = useTranslation("users");
  const approve = useApproveUser(user);
  const reject = useRejectUser(user);
  const name = user.fullName || user.email;
  const isBusy = approve.isPending || reject.isPending;

  async function handleReject() {
    const isConfirmed = await confirmAction({
      title: "users:pending.rejectTitle",
      message: message("users:pending.rejectConfirm", { name }),
      confirmLabel: "users:pending.reject",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) reject.mutate();
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        aria-label={t("pending.approveName", { name })}
        loading={approve.isPending}
        disabled={isBusy}
        onClick={() => approve.mutate()}
      >
        {t("pending.approve")}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={t("pending.rejectName", { name })}
        loading={reject.isPending}
        disabled={isBusy}
        onClick={() => void handleReject()}
      >
        {t("pending.reject")}
      </Button>
    </Group>
  );
}

function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation("users");
  return isVerified ? (
    <Badge color="green" variant="light">
      {t("pending.verified")}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t("pending.notYet")}
    </Badge>
  );
}

/**
 * The Pending tab of User Management: self sign-ups (SIGNUP_ENABLED=approval) that may not
 * sign in until an administrator approves them; rejecting deletes the account.
 */
export function PendingUsersPanel() {
  const { t } = useTranslation("users");
  const displayInstant = useDisplayInstant();
  const [page, setPage] = useState(1);
  const { data, error, isPlaceholderData } = usePendingUsers(page);
  useErrorToast(error, USER_MESSAGES.loadFailed);

  // Every cell on one line: below its width the table scrolls sideways inside its box. Column
  // names and the table's label are catalog keys: the table translates them.
  const columns: Column<PendingUser>[] = [
    {
      header: "users:field.fullName",
      render: (user) => user.fullName,
      isRowHeader: true,
      nowrap: true,
    },
    { header: "users:field.email", render: (user) => user.email, nowrap: true },
    {
      header: "users:pending.column.emailVerified",
      render: (user) => <VerifiedBadge isVerified={user.isEmailVerified} />,
      nowrap: true,
    },
    {
      header: "users:pending.column.signedUp",
      render: (user) => displayInstant(user.createdAt).date,
      nowrap: true,
    },
    actionsColumn((user) => <PendingActions user={user} />),
  ];

  if (data && data.total === 0) {
    return (
      <EmptyState
        icon={<UsersIcon />}
        title={t("pending.empty")}
        description={t("pending.emptyHint")}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("pending.intro")}
      </Text>
      <DataTable
        label="users:pending.tableLabel"
        columns={columns}
        rows={data?.users}
        rowKey={(user) => user.id}
        isStale={isPlaceholderData}
        empty={<BackToFirstPage onPageChange={setPage} />}
        skeletonRows={SKELETON_ROWS}
      />
      {data && (
        <Pager
          label={t("pending.pager")}
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
