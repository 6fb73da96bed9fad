import { Group, Text } from "@mantine/core";
import { format } from "date-fns";
import { DISPLAY_DATE_FORMAT } from "../../shared/dates";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { DeleteIcon, EditIcon, KeyIcon } from "../ui/action-icons";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { BackToFirstPage } from "../ui/list/pager";
import { RowAction } from "../ui/list/row-action";
import { nameOf, RoleBadge } from "./user-display";

export type UserAction = "edit" | "password" | "delete";

function Missing() {
  return <Text c="dimmed">—</Text>;
}

/** Actions come from `user.can` (the server's policy); the only refusal among them is self-delete. */
function UserActions({
  user,
  onAction,
}: {
  user: UserListItem;
  onAction: (action: UserAction, user: UserListItem) => void;
}) {
  const name = nameOf(user);
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={`Edit ${name}`}
        tooltip="Edit"
        isDisabled={!user.can.edit}
        onClick={() => onAction("edit", user)}
      >
        <EditIcon />
      </RowAction>
      <RowAction
        label={`Change password for ${name}`}
        tooltip="Change Password"
        isDisabled={!user.can.changePassword}
        onClick={() => onAction("password", user)}
      >
        <KeyIcon />
      </RowAction>
      <RowAction
        label={`Delete ${name}`}
        tooltip={user.can.delete ? "Delete" : USER_MESSAGES.selfDelete}
        color="red"
        isDisabled={!user.can.delete}
        onClick={() => onAction("delete", user)}
      >
        <DeleteIcon />
      </RowAction>
    </Group>
  );
}

type UsersTableProps = {
  /** Undefined while the first page loads. */
  users: UserListItem[] | undefined;
  /** The rows shown belong to the previous page or search while the next one loads. */
  isStale: boolean;
  onAction: (action: UserAction, user: UserListItem) => void;
  onPageChange: (page: number) => void;
};

export function UsersTable({ users, isStale, onAction, onPageChange }: UsersTableProps) {
  // Every cell on one line: below its width the table scrolls sideways inside its box.
  const columns: Column<UserListItem>[] = [
    { header: "Account", render: (user) => user.displayId, isRowHeader: true, nowrap: true },
    { header: "User ID", render: (user) => user.userId ?? <Missing />, nowrap: true },
    { header: "Full Name", render: (user) => user.fullName || <Missing />, nowrap: true },
    { header: "Email", render: (user) => user.email ?? <Missing />, nowrap: true },
    { header: "Role", render: (user) => <RoleBadge role={user.role} />, nowrap: true },
    {
      header: "Created",
      render: (user) => format(new Date(user.createdAt), DISPLAY_DATE_FORMAT),
      nowrap: true,
    },
    actionsColumn((user) => <UserActions user={user} onAction={onAction} />),
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      isStale={isStale}
      // The panel shows its own empty state when there are no users at all.
      empty={<BackToFirstPage onPageChange={onPageChange} />}
    />
  );
}
