import { PasswordInput, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordRules } from "../../shared/passwords";
import { createUserInputFor } from "../../shared/users";
import { usePasswordRules } from "../api/public-config";
import { DialogSkeleton } from "../ui/forms/dialog-skeleton";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useCreateUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { UserForm } from "./user-form";

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const passwords = usePasswordRules();
  if (!passwords) return <DialogSkeleton height={360} />;
  return <CreateUserFields passwords={passwords} onDone={onDone} />;
}

function CreateUserFields({ passwords, onDone }: { passwords: PasswordRules; onDone: () => void }) {
  const { t } = useTranslation("users");
  const createUser = useCreateUser();
  const schema = useMemo(() => createUserInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, {
    userId: "",
    email: "",
    password: "",
    fullName: "",
    designation: "",
    designationUr: "",
    role: "user",
  });
  const handleCreate = handleSubmit(async (values) => {
    if (await createUser.attempt(values)) onDone();
  });

  return (
    <UserForm
      onSubmit={handleCreate}
      inputProps={(field) => form.getInputProps(field)}
      submitLabel={t("create.submit")}
      isSubmitting={form.submitting}
      onCancel={onDone}
    >
      <TextInput
        label={t("field.userId")}
        description={t("field.userIdHint")}
        autoComplete="off"
        data-autofocus
        withAsterisk
        {...form.getInputProps("userId")}
      />
      <TextInput
        type="email"
        label={t("field.emailOptional")}
        autoComplete="off"
        {...form.getInputProps("email")}
      />
      <PasswordInput
        label={t("field.password")}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps("password")}
      />
    </UserForm>
  );
}

export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("users");
  return (
    <UserDialog opened={opened} onClose={onClose} title={t("dialog.create")}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <CreateUserForm onDone={onClose} />
    </UserDialog>
  );
}
