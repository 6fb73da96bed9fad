import { Select, Stack, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../ui/forms/form-actions";
import { useRoleOptions } from "./user-display";

type UserFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields above Full Name, which differ between creating an account and editing one. */
  children: ReactNode;
  /** The form's getInputProps, for the fields both dialogs share. */
  inputProps: (
    field: "fullName" | "designation" | "designationUr" | "role",
  ) => GetInputPropsReturnType;
  /** Fields under Role that depend on it (Edit Account's Receipt and Issue duty). */
  afterRole?: ReactNode;
  /** Why the role cannot be changed, when it cannot; already in the page's language. */
  roleLockedReason?: string;
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
};

/**
 * The form of both account dialogs: the dialog's own fields, then Full Name, the designation
 * in English and in Urdu, Role and the buttons.
 */
export function UserForm({
  onSubmit,
  children,
  inputProps,
  afterRole,
  roleLockedReason,
  submitLabel,
  isSubmitting,
  onCancel,
}: UserFormProps) {
  const { t } = useTranslation("users");
  const roleOptions = useRoleOptions();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <TextInput
          label={t("field.fullName")}
          autoComplete="off"
          withAsterisk
          {...inputProps("fullName")}
        />
        <TextInput
          label={t("field.designation")}
          description={t("field.designationHint")}
          autoComplete="off"
          {...inputProps("designation")}
        />
        {/* Typed in Urdu whatever the page's language: right to left, as it reads. */}
        <TextInput
          label={t("field.designationUr")}
          autoComplete="off"
          dir="rtl"
          {...inputProps("designationUr")}
        />
        <Select
          label={t("field.role")}
          data={roleOptions}
          allowDeselect={false}
          disabled={roleLockedReason !== undefined}
          description={roleLockedReason}
          {...inputProps("role")}
        />
        {afterRole}
        <FormActions submitLabel={submitLabel} isSubmitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
