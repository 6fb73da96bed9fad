import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { errorMessage } from "../api/errors";
import { useAssignableUserOptions } from "./assignable-users";
import { useDeleteUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { nameOf } from "./user-display";

function taskCountText(count: number): string {
  return count === 1 ? "1 task" : `${count} tasks`;
}

function DeleteUserBody({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const name = nameOf(user);
  const deleteUser = useDeleteUser(user);
  const [handOverTo, setHandOverTo] = useState<string | null>(null);
  // The row's task count may be stale: when the server says tasks arrived since, ask here too.
  const [isHandOverAsked, setHandOverAsked] = useState(false);
  const needsHandOver = user.taskCount > 0 || isHandOverAsked;
  const { options, isLoading } = useAssignableUserOptions({ enabled: needsHandOver });
  const heirs = options.filter((option) => option.value !== user.id);

  function handleDelete() {
    deleteUser.mutate(handOverTo ?? undefined, {
      onSuccess: onDone,
      onError: (error) => {
        if (errorMessage(error, USER_MESSAGES.deleteFailed) === USER_MESSAGES.handOverRequired) {
          setHandOverAsked(true);
        }
      },
    });
  }

  return (
    <Stack>
      <Text size="sm">Are you sure you want to delete {name}? This action cannot be undone.</Text>
      {needsHandOver && (
        <>
          <Text size="sm">
            {user.taskCount > 0
              ? `${name} has ${taskCountText(user.taskCount)}.`
              : `${name} has tasks.`}{" "}
            Choose who takes them over.
          </Text>
          <Select
            label="Hand over tasks to"
            placeholder={isLoading ? "Loading..." : "Choose a person"}
            data={heirs}
            value={handOverTo}
            onChange={setHandOverTo}
            searchable
            nothingFoundMessage="Nobody found"
            withAsterisk
          />
        </>
      )}
      <Group justify="flex-end">
        {/* A confirmation opens on its safe choice, hand-over or not; focusing the searchable
            select instead would drop its list open over the dialog. */}
        <Button variant="default" onClick={onDone} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          disabled={needsHandOver && !handOverTo}
          loading={deleteUser.isPending}
          onClick={handleDelete}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

type DeleteUserDialogProps = { user: UserListItem | null; opened: boolean; onClose: () => void };

export function DeleteUserDialog({ user, opened, onClose }: DeleteUserDialogProps) {
  return (
    <UserDialog opened={opened} onClose={onClose} title="Delete User">
      {user && <DeleteUserBody user={user} onDone={onClose} />}
    </UserDialog>
  );
}
