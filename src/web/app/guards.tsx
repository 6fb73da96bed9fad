import { Navigate, Outlet } from "react-router";
import type { Role } from "../../shared/roles";
import { SignedInUserContext, useCurrentUser, useSignedInUser } from "../auth/session";
import { FullPageLoader } from "../ui/full-page-loader";

/** Signed-out visitors, and anyone whose session ends, go to /auth. */
export function RequireSession() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to="/auth" replace />;
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
