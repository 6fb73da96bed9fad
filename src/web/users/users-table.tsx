import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { DeleteIcon, EditIcon, KeyIcon } from "../ui/action-icons";
import { actionsColumn, type Column, DataTable } from "../ui/list/data-table";
import { BackToFirstPage } from "../ui/list/pager";
import { RowAction } from "../ui/list/row-action";
import { useDisplayInstant } from "../ui/use-display-date";
import { DesignationLine, nameOf, RoleBadge } from "./user-display";

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
  const { t } = useTranslation(["users", "common"]);
  const name = nameOf(user);
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={t("common:row.edit", { name })}
        tooltip={t("common:action.edit")}
        isDisabled={!user.can.edit}
        onClick={() => onAction("edit", user)}
      >
        <EditIcon />
      </RowAction>
      <RowAction
        label={t("row.changePassword", { name })}
        tooltip={t("dialog.changePassword")}
        isDisabled={!user.can.changePassword}
        onClick={() => onAction("password", user)}
      >
        <KeyIcon />
      </RowAction>
      <RowAction
        label={t("common:row.delete", { name })}
        tooltip={user.can.delete ? t("common:action.delete") : t(USER_MESSAGES.selfDelete)}
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
  const displayInstant = useDisplayInstant();
  // Every cell on one line: below its width the table scrolls sideways inside its box. Column
  // names and the table's label are catalog keys: the table translates them.
  const columns: Column<UserListItem>[] = [
    {
      header: "users:column.account",
      render: (user) => user.displayId,
      isRowHeader: true,
      nowrap: true,
    },
    { header: "users:field.userId", render: (user) => user.userId ?? <Missing />, nowrap: true },
    {
      header: "users:field.fullName",
      render: (user) => (
        <>
          {user.fullName || <Missing />}
          <DesignationLine person={user} />
        </>
      ),
      nowrap: true,
    },
    { header: "users:field.email", render: (user) => user.email ?? <Missing />, nowrap: true },
    { header: "users:field.role", render: (user) => <RoleBadge role={user.role} />, nowrap: true },
    {
      header: "users:column.created",
      render: (user) => displayInstant(user.createdAt).date,
      nowrap: true,
    },
    actionsColumn((user) => <UserActions user={user} onAction={onAction} />),
  ];
  return (
    <DataTable
      label="users:table.label"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      isStale={isStale}
      // The panel shows its own empty state when there are no users at all.
      empty={<BackToFirstPage onPageChange={onPageChange} />}
    />
  );
}
