import { setUnauthorizedHandler } from '../lib/api-client';
import { loginPath } from '../lib/auth/redirects';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/** When the session cannot be renewed: forget cached data and go to login, coming back here after. */
export function installSessionExpiryHandler(): void {
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    if (!pathname.startsWith('/login')) void router.navigate(loginPath(pathname + search), { replace: true });
  });
}
