import { Badge, Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { format } from "date-fns";
import { useState } from "react";
import { DISPLAY_DATE_FORMAT } from "../../shared/dates";
import { type PendingUser, USER_MESSAGES } from "../../shared/users";
import { useErrorToast } from "../api/use-error-toast";
import { confirmAction } from "../ui/forms/confirm";
import { UsersIcon } from "../ui/icons";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { BackToFirstPage, Pager } from "../ui/list/pager";
import { useApproveUser, usePendingUsers, useRejectUser } from "./queries";

const SKELETON_ROWS = 3;

function PendingActions({ user }: { user: PendingUser }) {
  const approve = useApproveUser(user);
  const reject = useRejectUser(user);
  const name = user.fullName || user.email;
  const isBusy = approve.isPending || reject.isPending;

  async function handleReject() {
    const isConfirmed = await confirmAction({
      title: "Reject Sign-up",
      message: `Reject the sign-up of ${name}? The account is deleted.`,
      confirmLabel: "Reject",
      cancelLabel: "Cancel",
      isDestructive: true,
    });
    if (isConfirmed) reject.mutate();
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        aria-label={`Approve ${name}`}
        loading={approve.isPending}
        disabled={isBusy}
        onClick={() => approve.mutate()}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={`Reject ${name}`}
        loading={reject.isPending}
        disabled={isBusy}
        onClick={() => void handleReject()}
      >
        Reject
      </Button>
    </Group>
  );
}

// Every cell on one line: below its width the table scrolls sideways inside its box.
const COLUMNS: Column<PendingUser>[] = [
  { header: "Full Name", render: (user) => user.fullName, isRowHeader: true, nowrap: true },
  { header: "Email", render: (user) => user.email, nowrap: true },
  {
    header: "E-mail verified",
    render: (user) =>
      user.isEmailVerified ? (
        <Badge color="green" variant="light">
          Verified
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          Not yet
        </Badge>
      ),
    nowrap: true,
  },
  {
    header: "Signed up",
    render: (user) => format(new Date(user.createdAt), DISPLAY_DATE_FORMAT),
    nowrap: true,
  },
  actionsColumn((user) => <PendingActions user={user} />),
];

/**
 * The Pending tab of User Management: self sign-ups (SIGNUP_ENABLED=approval) that may not
 * sign in until an administrator approves them; rejecting deletes the account.
 */
export function PendingUsersPanel() {
  const [page, setPage] = useState(1);
  const { data, error, isPlaceholderData } = usePendingUsers(page);
  useErrorToast(error, USER_MESSAGES.loadFailed);

  if (data && data.total === 0) {
    return (
      <EmptyState
        icon={<UsersIcon />}
        title="No sign-ups are waiting"
        description="New accounts appear here when sign-up needs an administrator's approval."
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        These people signed up themselves. They can sign in once approved (and once they have
        verified their e-mail address).
      </Text>
      <DataTable
        label="Pending sign-ups"
        columns={COLUMNS}
        rows={data?.users}
        rowKey={(user) => user.id}
        isStale={isPlaceholderData}
        empty={<BackToFirstPage onPageChange={setPage} />}
        skeletonRows={SKELETON_ROWS}
      />
      {data && (
        <Pager
          label="Pending pages"
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
