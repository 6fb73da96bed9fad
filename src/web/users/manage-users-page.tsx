import { Button, EmptyState, Group, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback, useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod/mini";
import {
  USER_MESSAGES,
  USER_SEARCH_MAX_LENGTH,
  type UserListItem,
  userListState,
} from "../../shared/users";
import { useErrorToast } from "../api/use-error-toast";
import { SearchIcon, UserPlusIcon } from "../ui/action-icons";
import { UsersIcon } from "../ui/icons";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { Pager } from "../ui/list/pager";
import { useDialogTarget } from "../ui/list/use-dialog-target";
import { useListState } from "../ui/list/use-list-state";
import { ViewsMenu } from "../views/views-menu";
import { ChangePasswordDialog } from "./change-password-dialog";
import { CreateUserDialog } from "./create-user-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { EditUserDialog } from "./edit-user-dialog";
import { PendingUsersPanel } from "./pending-users-panel";
import { useUsersPage } from "./queries";
import { type UserAction, UsersTable } from "./users-table";

const SEARCH_DELAY_MS = 300;
const USERS_TAB = "users";
/** Self sign-ups waiting for approval (SIGNUP_ENABLED=approval). */
const PENDING_TAB = "pending";

/**
 * Search, page and tab live in the address, so a reload or a shared link shows the same rows;
 * the tab is this page's own, beside the list query's fields.
 */
const usersPageState = z.extend(userListState, {
  tab: z.catch(z.enum([USERS_TAB, PENDING_TAB]), USERS_TAB),
});

type UsersPanelProps = {
  searchText: string;
  onSearchChange: (text: string) => void;
  /** Undefined while the first page loads. */
  total: number | undefined;
  content: ReactNode;
  page: number;
  /** Undefined while the first page loads. */
  pageSize: number | undefined;
  onPageChange: (page: number) => void;
};

/** The Users tab: search box, the table (or its empty state) and the pages. */
function UsersPanel({
  searchText,
  onSearchChange,
  total,
  content,
  page,
  pageSize,
  onPageChange,
}: UsersPanelProps) {
  const { t } = useTranslation("users");
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          leftSection={<SearchIcon />}
          value={searchText}
          maxLength={USER_SEARCH_MAX_LENGTH}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          w={{ base: "100%", xs: 320 }}
        />
        <ViewsMenu lists="manageUsers" />
        <Text size="sm" c="dimmed" role="status">
          {total === undefined ? "" : t("count", { count: total })}
        </Text>
      </Group>
      {content}
      {total !== undefined && pageSize !== undefined && (
        <Pager
          label={t("pager.users")}
          page={page}
          pageSize={pageSize}
          total={total}
          onChange={onPageChange}
        />
      )}
    </>
  );
}

export function ManageUsersPage() {
  const { t } = useTranslation(["users", "common"]);
  const { values, change } = useListState(usersPageState);
  const { search, page, tab } = values;

  // The box shows what is typed at once; the address (and so the query) follows after a pause.
  const [searchText, setSearchText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    // The address changed on its own (back button, sidebar link): the box follows it.
    setShownSearch(search);
    setSearchText(search);
  }
  const applySearch = useDebouncedCallback(
    (text: string) => change({ search: text }, { replace: true }),
    SEARCH_DELAY_MS,
  );
  function handleSearchChange(text: string) {
    setSearchText(text);
    applySearch(text);
  }

  const { data, error, isPlaceholderData, refetch } = useUsersPage(search, page);
  useErrorToast(error, USER_MESSAGES.loadFailed);
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isCurrent = data !== undefined && !isPlaceholderData;

  // A page past the end (the last row on it was deleted, or an old link): show the last one.
  useEffect(() => {
    if (isCurrent && page > lastPage) change({ page: lastPage }, { replace: true });
  }, [isCurrent, page, lastPage, change]);

  const [isCreateOpen, createDialog] = useDisclosure(false);
  // One target for the row dialogs: which user, and which of the three dialogs is open.
  const rowDialog = useDialogTarget<{ action: UserAction; user: UserListItem }>();
  function rowDialogProps(action: UserAction) {
    return {
      user: rowDialog.target?.user ?? null,
      opened: rowDialog.isOpen && rowDialog.target?.action === action,
      onClose: rowDialog.close,
    };
  }

  let content: ReactNode;
  if (error && !data) {
    content = (
      <EmptyState
        icon={<UsersIcon />}
        title={t("loadError.title")}
        description={t("loadError.description")}
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => void refetch()}>
            {t("common:action.tryAgain")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (isCurrent && data.total === 0) {
    content = (
      <EmptyState
        icon={<UsersIcon />}
        title={search ? t("empty.noMatch") : t("empty.none")}
        description={search ? t("empty.noMatchHint") : t("empty.noneHint")}
      />
    );
  } else {
    content = (
      <UsersTable
        users={data?.users}
        isStale={isPlaceholderData}
        onAction={(action, user) => rowDialog.open({ action, user })}
        onPageChange={(next) => change({ page: next })}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t("common:page.userManagement")}</Title>
        <Group gap="sm">
          <ExcelExportButton list="users" filters={{ search }} isEmpty={data?.total === 0} />
          <Button leftSection={<UserPlusIcon />} onClick={createDialog.open}>
            {t("action.createUser")}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        // The Users tab's page is kept while the other tab is looked at.
        onChange={(value) => change({ tab: usersPageState.shape.tab.parse(value), page })}
      >
        <Tabs.List>
          <Tabs.Tab value={USERS_TAB}>{t("tab.users")}</Tabs.Tab>
          <Tabs.Tab value={PENDING_TAB}>{t("tab.pending")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === PENDING_TAB ? (
        <PendingUsersPanel />
      ) : (
        <UsersPanel
          searchText={searchText}
          onSearchChange={handleSearchChange}
          total={data?.total}
          content={content}
          page={page}
          pageSize={data?.pageSize}
          onPageChange={(next) => change({ page: next })}
        />
      )}
      <CreateUserDialog opened={isCreateOpen} onClose={createDialog.close} />
      <EditUserDialog {...rowDialogProps("edit")} />
      <ChangePasswordDialog {...rowDialogProps("password")} />
      <DeleteUserDialog {...rowDialogProps("delete")} />
    </Stack>
  );
}
