import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/auth/use-current-user';

/** Guard of the site administration pages (inside RequireAuth): others see not-found. */
export function RequireSuperuser() {
  const { data: me } = useCurrentUser();
  if (!me?.is_superuser) return <Navigate to="/not-found" replace />;
  return <Outlet />;
}
