import { ActionIcon, Group, Skeleton, Table, Text, Tooltip } from "@mantine/core";
import { format } from "date-fns";
import type { ReactNode } from "react";
import { DISPLAY_DATE_FORMAT } from "../../shared/dates";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { DeleteIcon, EditIcon, KeyIcon } from "../ui/action-icons";
import { nameOf, RoleBadge } from "./user-display";

export type RowAction = "edit" | "password" | "delete";

const COLUMNS = ["Account", "User ID", "Full Name", "Email", "Role", "Created", "Actions"];
const SKELETON_ROWS = 5;
/** Below this width the table scrolls sideways inside its container; cells never wrap. */
const TABLE_MIN_WIDTH = 760;

function ActionButton({
  label,
  tooltip,
  color,
  isDisabled = false,
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  color?: string;
  isDisabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={label}
      disabled={isDisabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
  return (
    <Tooltip label={tooltip}>
      {/* A disabled button gets no pointer events; the wrapper still shows why it is disabled. */}
      {isDisabled ? <span>{button}</span> : button}
    </Tooltip>
  );
}

function Missing() {
  return <Text c="dimmed">—</Text>;
}

/** Actions come from `user.can` (the server's policy); the only refusal among them is self-delete. */
function UserRow({
  user,
  onAction,
}: {
  user: UserListItem;
  onAction: (action: RowAction, user: UserListItem) => void;
}) {
  const name = nameOf(user);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {user.displayId}
      </Table.Th>
      <Table.Td>{user.userId ?? <Missing />}</Table.Td>
      <Table.Td>{user.fullName || <Missing />}</Table.Td>
      <Table.Td>{user.email ?? <Missing />}</Table.Td>
      <Table.Td>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td>{format(new Date(user.createdAt), DISPLAY_DATE_FORMAT)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionButton
            label={`Edit ${name}`}
            tooltip="Edit"
            isDisabled={!user.can.edit}
            onClick={() => onAction("edit", user)}
          >
            <EditIcon />
          </ActionButton>
          <ActionButton
            label={`Change password for ${name}`}
            tooltip="Change Password"
            isDisabled={!user.can.changePassword}
            onClick={() => onAction("password", user)}
          >
            <KeyIcon />
          </ActionButton>
          <ActionButton
            label={`Delete ${name}`}
            tooltip={user.can.delete ? "Delete" : USER_MESSAGES.selfDelete}
            color="red"
            isDisabled={!user.can.delete}
            onClick={() => onAction("delete", user)}
          >
            <DeleteIcon />
          </ActionButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

type UsersTableProps = {
  /** Undefined while the page loads. */
  users: UserListItem[] | undefined;
  onAction: (action: RowAction, user: UserListItem) => void;
};

export function UsersTable({ users, onAction }: UsersTableProps) {
  const isLoading = users === undefined;
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} maxHeight="70vh">
      <Table
        style={{ whiteSpace: "nowrap" }}
        stickyHeader
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Users"
        aria-busy={isLoading}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? (
            <SkeletonRows />
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} onAction={onAction} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
