import {
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { format } from "date-fns";
import { useState } from "react";
import { DISPLAY_DATE_FORMAT } from "../../shared/dates";
import { type PendingUser, USER_MESSAGES } from "../../shared/users";
import { useErrorToast } from "../api/use-error-toast";
import { confirmAction } from "../ui/confirm";
import { UsersIcon } from "../ui/icons";
import { SkeletonRows } from "../ui/table-states";
import { withToasts } from "./feedback";
import { useApproveUser, usePendingUsers, useRejectUser } from "./queries";

const COLUMNS = ["Full Name", "Email", "E-mail verified", "Signed up", "Actions"].map((header) => ({
  header,
}));
const SKELETON_ROWS = 3;

function PendingRow({ user }: { user: PendingUser }) {
  const approve = useApproveUser(user);
  const reject = useRejectUser(user);
  const name = user.fullName || user.email;
  const isBusy = approve.isPending || reject.isPending;

  async function handleApprove() {
    await withToasts(
      approve.mutateAsync(),
      (result) => result.message,
      USER_MESSAGES.approveFailed,
    );
  }
  async function handleReject() {
    const isConfirmed = await confirmAction({
      title: "Reject Sign-up",
      message: `Reject the sign-up of ${name}? The account is deleted.`,
      confirmLabel: "Reject",
      cancelLabel: "Cancel",
      isDestructive: true,
    });
    if (isConfirmed) {
      await withToasts(
        reject.mutateAsync(),
        (result) => result.message,
        USER_MESSAGES.rejectFailed,
      );
    }
  }

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {user.fullName}
      </Table.Th>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        {user.isEmailVerified ? (
          <Badge color="green" variant="light">
            Verified
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not yet
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{format(new Date(user.createdAt), DISPLAY_DATE_FORMAT)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            aria-label={`Approve ${name}`}
            loading={approve.isPending}
            disabled={isBusy}
            onClick={() => void handleApprove()}
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
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The Pending tab of User Management: self sign-ups (SIGNUP_ENABLED=approval) that may not
 * sign in until an administrator approves them; rejecting deletes the account.
 */
export function PendingUsersPanel() {
  const [page, setPage] = useState(1);
  const { data, error } = usePendingUsers(page);
  useErrorToast(error, USER_MESSAGES.loadFailed);
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  if (data && data.users.length === 0) {
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
      <Table.ScrollContainer minWidth={640}>
        <Table
          style={{ whiteSpace: "nowrap" }}
          verticalSpacing="xs"
          aria-label="Pending sign-ups"
          aria-busy={!data}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map(({ header }) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data ? (
              data.users.map((user) => <PendingRow key={user.id} user={user} />)
            ) : (
              <SkeletonRows columns={COLUMNS} rows={SKELETON_ROWS} />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lastPage > 1 && (
        <Center component="nav" aria-label="Pending pages">
          <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={setPage} />
        </Center>
      )}
    </Stack>
  );
}
