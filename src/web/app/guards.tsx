import { Navigate, Outlet, useLocation } from "react-router";
import { ROLE_HOME, type Role } from "../../shared/roles";
import { rememberReturnPath } from "../auth/return-path";
import { SignedInUserContext, useCurrentUser, useSignedInUser } from "../auth/session";
import { FullPageLoader } from "../ui/full-page-loader";

/**
 * Signed-out visitors, and anyone whose session ends, go to /auth; signing in brings them back
 * to the page they asked for (a note sheet's QR code opens /verify/… on a phone, signed out).
 */
export function RequireSession() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <FullPageLoader />;
  if (!user) {
    rememberReturnPath(`${location.pathname}${location.search}`);
    return <Navigate to="/auth" replace />;
  }
  return (
    <SignedInUserContext value={user}>
      <Outlet />
    </SignedInUserContext>
  );
}

/** SPEC.md section 6: other roles on admin or organization pages go to /dashboard. */
export function RequireRole({ allowed }: { allowed: Role }) {
  const user = useSignedInUser();
  return user.role === allowed ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

/**
 * The user pages list the caller's own tasks as "My Tasks"; for an admin or organization head
 * the server answers with every task, so they go to their own home instead.
 */
export function RequireUserRole() {
  const { role } = useSignedInUser();
  return role === "user" ? <Outlet /> : <Navigate to={ROLE_HOME[role]} replace />;
}
