import { roleOrDefault } from "../../shared/roles";
import { type CurrentUser, displayNameOf, isPlaceholderEmail } from "../../shared/users";

type UserRow = {
  id: string;
  name?: string | null;
  email?: string | null;
  username?: string | null;
  role?: string | null;
};

/** The signed-in account as it leaves the server; placeholder e-mails never do. */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    userId: user.username ?? null,
    email: user.email && !isPlaceholderEmail(user.email) ? user.email : null,
    displayName: displayNameOf(user),
    role: roleOrDefault(user.role),
  };
}
