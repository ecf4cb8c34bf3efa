import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '../../lib/auth/redirects';
import { useIsSignedIn } from '../../lib/auth/token-storage';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { LoadError } from '../../lib/layout/load-error';
import { PageSpin } from '../../lib/layout/page-spin';

/** Guard of every signed-in page: anonymous visitors go to login with the wanted address as next. */
export function RequireAuth() {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  const me = useCurrentUser();

  if (!isSignedIn) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (me.isPending) return <PageSpin />;
  if (me.isError) return <LoadError onRetry={() => void me.refetch()} />;
  return <Outlet />;
}
