import {
  Button,
  Center,
  EmptyState,
  Group,
  Pagination,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback, useDisclosure } from "@mantine/hooks";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { useErrorToast } from "../api/use-error-toast";
import { SearchIcon, UserPlusIcon } from "../ui/action-icons";
import { UsersIcon } from "../ui/icons";
import { ChangePasswordDialog } from "./change-password-dialog";
import { CreateUserDialog } from "./create-user-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { EditUserDialog } from "./edit-user-dialog";
import { PendingUsersPanel } from "./pending-users-panel";
import { useUsersPage } from "./queries";
import { type RowAction, UsersTable } from "./users-table";

const SEARCH_DELAY_MS = 300;
const USERS_TAB = "users";
/** Self sign-ups waiting for approval (SIGNUP_ENABLED=approval). */
const PENDING_TAB = "pending";

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * Search and page live in the address (?search=&page=), so a reload or a shared link shows
 * the same rows. Values that mean "the default" are left out of it.
 */
function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get("search") ?? "";
  const page = pageFrom(searchParams.get("page"));
  const tab = searchParams.get("tab") === PENDING_TAB ? PENDING_TAB : USERS_TAB;

  const setParams = useCallback(
    (changes: { search?: string; page?: number; tab?: string }, options?: { replace: boolean }) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (changes.tab !== undefined) {
          if (changes.tab === PENDING_TAB) next.set("tab", PENDING_TAB);
          else next.delete("tab");
        }
        if (changes.search !== undefined) {
          if (changes.search) next.set("search", changes.search);
          else next.delete("search");
        }
        if (changes.page !== undefined) {
          if (changes.page > 1) next.set("page", String(changes.page));
          else next.delete("page");
        }
        return next;
      }, options),
    [setSearchParams],
  );
  return { search, page, tab, setParams };
}

type UsersPanelProps = {
  searchText: string;
  onSearchChange: (text: string) => void;
  /** Undefined while the first page loads. */
  total: number | undefined;
  content: ReactNode;
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
};

/** The Users tab: search box, the table (or its empty state) and the pages. */
function UsersPanel({
  searchText,
  onSearchChange,
  total,
  content,
  page,
  lastPage,
  onPageChange,
}: UsersPanelProps) {
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label="Search users"
          placeholder="Name, User ID or e-mail"
          leftSection={<SearchIcon />}
          value={searchText}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          w={{ base: "100%", xs: 320 }}
        />
        <Text size="sm" c="dimmed" role="status">
          {total === undefined ? "" : `${total} ${total === 1 ? "user" : "users"}`}
        </Text>
      </Group>
      {content}
      {lastPage > 1 && (
        <Center component="nav" aria-label="User pages">
          <Pagination
            total={lastPage}
            value={Math.min(page, lastPage)}
            onChange={onPageChange}
            getControlProps={(control) => ({
              "aria-label": control === "previous" ? "Previous page" : "Next page",
            })}
          />
        </Center>
      )}
    </>
  );
}

type RowDialog = { action: RowAction; user: UserListItem; isOpen: boolean };

export function ManageUsersPage() {
  const { search, page, tab, setParams } = useListParams();

  // The box shows what is typed at once; the address (and so the query) follows after a pause.
  const [searchText, setSearchText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    // The address changed on its own (back button, sidebar link): the box follows it.
    setShownSearch(search);
    setSearchText(search);
  }
  const applySearch = useDebouncedCallback(
    (text: string) => setParams({ search: text, page: 1 }, { replace: true }),
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
    if (isCurrent && page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [isCurrent, page, lastPage, setParams]);

  const [isCreateOpen, createDialog] = useDisclosure(false);
  const [rowDialog, setRowDialog] = useState<RowDialog | null>(null);
  function handleRowAction(action: RowAction, user: UserListItem) {
    setRowDialog({ action, user, isOpen: true });
  }
  // The user stays in state after closing, so the dialog keeps its content while it fades out.
  function handleRowDialogClose() {
    setRowDialog((dialog) => dialog && { ...dialog, isOpen: false });
  }
  function rowDialogProps(action: RowAction) {
    return {
      user: rowDialog?.user ?? null,
      opened: rowDialog?.action === action && rowDialog.isOpen,
      onClose: handleRowDialogClose,
    };
  }

  let content: ReactNode;
  if (error && !data) {
    content = (
      <EmptyState
        icon={<UsersIcon />}
        title="Users could not be loaded"
        description="Check your connection and try again."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={() => void refetch()}>
            Try Again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else if (isCurrent && data.users.length === 0) {
    content = (
      <EmptyState
        icon={<UsersIcon />}
        title={search ? "No users match your search" : "No users yet"}
        description={
          search
            ? "Try part of a name, a User ID or an e-mail address."
            : "Create the first account with Create New User."
        }
      />
    );
  } else {
    content = <UsersTable users={isCurrent ? data.users : undefined} onAction={handleRowAction} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1}>User Management</Title>
        <Button leftSection={<UserPlusIcon />} onClick={createDialog.open}>
          Create New User
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => setParams({ tab: value ?? USERS_TAB })}>
        <Tabs.List>
          <Tabs.Tab value={USERS_TAB}>Users</Tabs.Tab>
          <Tabs.Tab value={PENDING_TAB}>Pending</Tabs.Tab>
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
          lastPage={lastPage}
          onPageChange={(next) => setParams({ page: next })}
        />
      )}
      <CreateUserDialog opened={isCreateOpen} onClose={createDialog.close} />
      <EditUserDialog {...rowDialogProps("edit")} />
      <ChangePasswordDialog {...rowDialogProps("password")} />
      <DeleteUserDialog {...rowDialogProps("delete")} />
    </Stack>
  );
}
