import { Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ROLE_LABELS, ROLES, type Role } from "../../shared/roles";
import {
  type Designations,
  designationIn,
  displayNameOf,
  type UserListItem,
} from "../../shared/users";
import { usePageLanguage } from "../i18n/language";

/** How actions and dialogs name an account: the same rule as the server's toasts. */
export function nameOf(user: UserListItem): string {
  return displayNameOf({ name: user.fullName, email: user.email, username: user.userId });
}

/**
 * A person's designation in the page's language, on its own line under their name in a
 * table's row (Manage Users, Pendency, the performance report); nothing when they have none.
 */
export function DesignationLine({ person }: { person: Designations }) {
  const designation = designationIn(person, usePageLanguage());
  return (
    designation && (
      <Text size="xs" c="dimmed">
        {designation}
      </Text>
    )
  );
}

const ROLE_COLORS: Record<Role, string> = {
  admin: "hedGreen",
  organization_head: "indigo",
  user: "gray",
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation(["users", "common"]);
  return (
    // Badges clip their label; max-content keeps a squeezed table from clipping it to "O...".
    <Badge variant="light" color={ROLE_COLORS[role]} miw="max-content">
      {t(ROLE_LABELS[role])}
    </Badge>
  );
}

/** The Role select's options, named in the page's language. */
export function useRoleOptions() {
  const { t } = useTranslation(["users", "common"]);
  return ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));
}
