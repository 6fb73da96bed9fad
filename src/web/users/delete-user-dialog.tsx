import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { USER_MESSAGES, type UserListItem } from "../../shared/users";
import { errorMessage } from "../api/errors";
import { useAssignableUserOptions } from "./assignable-users";
import { useDeleteUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { nameOf } from "./user-display";

function DeleteUserBody({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation(["users", "common"]);
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
        // The server words its refusal in the page's language.
        if (errorMessage(error, USER_MESSAGES.deleteFailed) === t(USER_MESSAGES.handOverRequired)) {
          setHandOverAsked(true);
        }
      },
    });
  }

  return (
    <Stack>
      <Text size="sm">{t("delete.confirm", { name })}</Text>
      {needsHandOver && (
        <>
          <Text size="sm">
            {user.taskCount > 0
              ? t("delete.hasTasks", { name, count: user.taskCount })
              : t("delete.hasSomeTasks", { name })}
          </Text>
          <Select
            label={t("delete.handOverTo")}
            placeholder={isLoading ? t("common:loading") : t("delete.choosePerson")}
            data={heirs}
            value={handOverTo}
            onChange={setHandOverTo}
            searchable
            nothingFoundMessage={t("delete.nobodyFound")}
            withAsterisk
          />
        </>
      )}
      <Group justify="flex-end">
        {/* A confirmation opens on its safe choice, hand-over or not; focusing the searchable
            select instead would drop its list open over the dialog. */}
        <Button variant="default" onClick={onDone} data-autofocus>
          {t("common:action.cancel")}
        </Button>
        <Button
          color="red"
          disabled={needsHandOver && !handOverTo}
          loading={deleteUser.isPending}
          onClick={handleDelete}
        >
          {t("common:action.delete")}
        </Button>
      </Group>
    </Stack>
  );
}

type DeleteUserDialogProps = { user: UserListItem | null; opened: boolean; onClose: () => void };

export function DeleteUserDialog({ user, opened, onClose }: DeleteUserDialogProps) {
  const { t } = useTranslation("users");
  return (
    <UserDialog opened={opened} onClose={onClose} title={t("dialog.delete")}>
      {user && <DeleteUserBody user={user} onDone={onClose} />}
    </UserDialog>
  );
}
