import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadError } from '../layout/load-error';
import { PageSpin } from '../layout/page-spin';
import { loginPath } from './redirects';
import { useIsSignedIn } from './token-storage';
import { useCurrentUser } from './use-current-user';

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
