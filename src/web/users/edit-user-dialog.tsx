import { Select, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { USER_MESSAGES, type UserListItem, updateUserInput } from "../../shared/users";
import { useSignedInUser } from "../auth/session";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useUpdateUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { useRoleOptions } from "./user-display";

function EditUserForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation(["users", "common"]);
  const roleOptions = useRoleOptions();
  const updateUser = useUpdateUser(user);
  const { form, handleSubmit } = useSchemaForm(updateUserInput, {
    email: user.email ?? "",
    fullName: user.fullName,
    role: user.role,
  });
  // Accounts without a User ID sign in by e-mail, so theirs must stay (the server agrees).
  const isEmailRequired = user.userId === null;
  // A UI choice narrower than the permission: the server lets you change your own role while
  // another admin remains (user.can.edit), but demoting yourself would end your own session
  // mid-edit, so the field is locked here and another admin does it.
  const isOwnRoleLocked = useSignedInUser().id === user.id;

  const handleSave = handleSubmit(async (values) => {
    if (isEmailRequired && !values.email) {
      form.setFieldError("email", USER_MESSAGES.editRequired);
      return;
    }
    if (await updateUser.attempt(values)) onDone();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <TextInput
          type="email"
          label={t("field.email")}
          description={
            isEmailRequired ? undefined : t("field.emailHint", { userId: user.userId ?? "" })
          }
          autoComplete="off"
          withAsterisk={isEmailRequired}
          data-autofocus
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("field.fullName")}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps("fullName")}
        />
        <Select
          label={t("field.role")}
          data={roleOptions}
          allowDeselect={false}
          disabled={isOwnRoleLocked}
          description={isOwnRoleLocked ? t("field.ownRoleLocked") : undefined}
          {...form.getInputProps("role")}
        />
        <FormActions
          submitLabel={t("common:action.saveChanges")}
          isSubmitting={form.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

type EditUserDialogProps = { user: UserListItem | null; opened: boolean; onClose: () => void };

export function EditUserDialog({ user, opened, onClose }: EditUserDialogProps) {
  const { t } = useTranslation("users");
  return (
    <UserDialog opened={opened} onClose={onClose} title={t("dialog.edit")}>
      {user && <EditUserForm user={user} onDone={onClose} />}
    </UserDialog>
  );
}
