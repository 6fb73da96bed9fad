import { Checkbox, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ROLE_LABELS } from "../../shared/roles";
import { editUserFieldsInput, USER_MESSAGES, type UserListItem } from "../../shared/users";
import { useSignedInUser } from "../auth/session";
import { useEditConflict } from "../ui/forms/edit-conflict";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { userDetailOptions, useUpdateUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { UserForm } from "./user-form";

/** The fields Edit Account shows of an account, as the form holds them. */
function editableFields(user: UserListItem) {
  return {
    email: user.email ?? "",
    fullName: user.fullName,
    designation: user.designation ?? "",
    designationUr: user.designationUr ?? "",
    role: user.role,
    receiptIssueDuty: user.receiptIssueDuty,
  };
}

function EditUserForm({ user: opened, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation(["users", "common", "dak"]);
  const queryClient = useQueryClient();
  // The account as the server last showed it: the current values, once loaded after a conflict.
  const [user, setUser] = useState(opened);
  const updateUser = useUpdateUser(opened);
  const { form } = useSchemaForm(editUserFieldsInput, editableFields(opened));
  const loadCurrent = () =>
    queryClient.fetchQuery({ ...userDetailOptions(opened.id), staleTime: 0 });
  const conflict = useEditConflict<UserListItem>({
    entity: "user",
    id: opened.id,
    version: user.version,
    isSaving: updateUser.isPending,
    liveMessage: t(USER_MESSAGES.changedLive),
    loadCurrent: async () => {
      const current = await loadCurrent();
      return { version: current.version, values: current };
    },
    typed: () => {
      const values = form.getValues();
      return {
        ...user,
        ...values,
        email: values.email || null,
        designation: values.designation || null,
        designationUr: values.designationUr || null,
      };
    },
    apply: (current) => {
      setUser(current);
      form.setValues(editableFields(current));
    },
    describe: (values) => [
      { label: t("field.email"), value: values.email ?? "" },
      { label: t("field.fullName"), value: values.fullName },
      { label: t("field.designation"), value: values.designation ?? "" },
      { label: t("field.designationUr"), value: values.designationUr ?? "" },
      { label: t("field.role"), value: t(ROLE_LABELS[values.role]) },
      {
        label: t("dak:duty.label"),
        value: values.receiptIssueDuty ? t("common:action.yes") : t("common:action.no"),
      },
    ],
  });
  // Accounts without a User ID sign in by e-mail, so theirs must stay (the server agrees).
  const isEmailRequired = user.userId === null;
  // A UI choice narrower than the permission: the server lets you change your own role while
  // another admin remains (user.can.edit), but demoting yourself would end your own session
  // mid-edit, so the field is locked here and another admin does it.
  const isOwnRoleLocked = useSignedInUser().id === user.id;

  const handleSave = form.onSubmit((values) => {
    if (isEmailRequired && !values.email) {
      form.setFieldError("email", USER_MESSAGES.editRequired);
      return;
    }
    updateUser.mutate(
      { ...values, version: user.version },
      { onSuccess: onDone, onError: conflict.onSaveError },
    );
  });

  return (
    <UserForm
      onSubmit={handleSave}
      inputProps={(field) => form.getInputProps(field)}
      afterRole={
        // The duty is a user's: an administrator keeps the registers anyway.
        form.values.role === "user" && (
          <Checkbox
            label={t("dak:duty.label")}
            description={t("dak:duty.hint")}
            {...form.getInputProps("receiptIssueDuty", { type: "checkbox" })}
          />
        )
      }
      roleLockedReason={isOwnRoleLocked ? t("field.ownRoleLocked") : undefined}
      submitLabel={t("common:action.saveChanges")}
      isSubmitting={updateUser.isPending}
      onCancel={onDone}
    >
      {conflict.notice}
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
    </UserForm>
  );
}

type EditUserDialogProps = { user: UserListItem | null; opened: boolean; onClose: () => void };

export function EditUserDialog({ user, opened, onClose }: EditUserDialogProps) {
  const { t } = useTranslation("users");
  return (
    <UserDialog opened={opened} onClose={onClose} title={t("dialog.edit")}>
      {user && <EditUserForm key={user.id} user={user} onDone={onClose} />}
    </UserDialog>
  );
}
