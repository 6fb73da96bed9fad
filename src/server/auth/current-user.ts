import { isLanguage } from "../../shared/i18n/languages";
import { roleOrDefault } from "../../shared/roles";
import { type CurrentUser, displayNameOf, isPlaceholderEmail } from "../../shared/users";
import type { Auth } from "./auth";

/** An account as the auth library or a query hands it over: only the id is sure to be there. */
export type AccountRow = {
  id: string;
  name?: string | null;
  email?: string | null;
  username?: string | null;
  role?: string | null;
  language?: string | null;
  receiptIssueDuty?: boolean | null;
};

/** The signed-in account as it leaves the server; placeholder e-mails never do. */
export function presentCurrentUser(account: AccountRow): CurrentUser {
  return {
    id: account.id,
    userId: account.username ?? null,
    email: account.email && !isPlaceholderEmail(account.email) ? account.email : null,
    displayName: displayNameOf(account),
    role: roleOrDefault(account.role),
    language: isLanguage(account.language) ? account.language : null,
    receiptIssueDuty: account.receiptIssueDuty === true,
  };
}

export type SignedInSession = { user: CurrentUser; expiresAt: Date };

/** The cookie session these request headers carry, asked of the auth library; null when there is none. */
export async function findSession(auth: Auth, headers: Headers): Promise<SignedInSession | null> {
  const session = await auth.api.getSession({ headers });
  return (
    session && { user: presentCurrentUser(session.user), expiresAt: session.session.expiresAt }
  );
}
