import { Badge } from "@mantine/core";
import { ROLE_LABELS, ROLES, type Role } from "../../shared/roles";
import { displayNameOf, type UserListItem } from "../../shared/users";

/** How actions and dialogs name an account: the same rule as the server's toasts. */
export function nameOf(user: UserListItem): string {
  return displayNameOf({ name: user.fullName, email: user.email, username: user.userId });
}

const ROLE_COLORS: Record<Role, string> = {
  admin: "hedGreen",
  organization_head: "indigo",
  user: "gray",
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    // Badges clip their label; max-content keeps a squeezed table from clipping it to "O...".
    <Badge variant="light" color={ROLE_COLORS[role]} miw="max-content">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
