import { PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import type { PasswordRules } from "../../shared/passwords";
import { createUserInputFor } from "../../shared/users";
import { usePasswordRules } from "../auth/public-config";
import { DialogSkeleton } from "../ui/forms/dialog-skeleton";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useCreateUser } from "./queries";
import { UserDialog } from "./user-dialog";
import { ROLE_OPTIONS } from "./user-display";

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const passwords = usePasswordRules();
  if (!passwords) return <DialogSkeleton height={360} />;
  return <CreateUserFields passwords={passwords} onDone={onDone} />;
}

function CreateUserFields({ passwords, onDone }: { passwords: PasswordRules; onDone: () => void }) {
  const createUser = useCreateUser();
  const schema = useMemo(() => createUserInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, {
    userId: "",
    email: "",
    password: "",
    fullName: "",
    role: "user",
  });
  const handleCreate = handleSubmit(async (values) => {
    if (await createUser.attempt(values)) onDone();
  });

  return (
    <form onSubmit={handleCreate} noValidate>
      <Stack>
        <TextInput
          label="User ID"
          description="Used to sign in: letters, digits, '_' and '.'"
          autoComplete="off"
          data-autofocus
          withAsterisk
          {...form.getInputProps("userId")}
        />
        <TextInput
          type="email"
          label="Email (optional)"
          autoComplete="off"
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps("password")}
        />
        <TextInput
          label="Full Name"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps("fullName")}
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps("role")}
        />
        <FormActions submitLabel="Create User" isSubmitting={form.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <UserDialog opened={opened} onClose={onClose} title="Create New User">
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <CreateUserForm onDone={onClose} />
    </UserDialog>
  );
}
