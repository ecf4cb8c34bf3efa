import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedHandler } from '../lib/api-client';
import { loginPath } from '../lib/auth/redirects';
import { queryClient } from '../lib/query-client';
import { PublicLayout } from './layout/public-layout';
import { lazyComponent, NothingWhileFirstPageLoads } from './lazy-page';
import { PUBLIC_ROUTES } from './public-pages';
import { PUBLIC_PAGES, type PublicPath } from './public-paths';
import { followPendingNavigation } from './version/chunk-reload';
import { lazyWithAntd, loadWithAntd } from './with-antd';

const RouteErrorPage = lazyWithAntd(() => import('./layout/route-error-page').then((m) => m.RouteErrorPage));

/** Any other path belongs to the signed-in app, which this shell does not hold: the browser loads it. */
function leaveShell({ request }: LoaderFunctionArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/** Made when the shell is used: a router starts at once, and this one sends any other path away. */
const createPublicRouter = () =>
  createBrowserRouter([
    {
      element: <PublicLayout />,
      HydrateFallback: NothingWhileFirstPageLoads,
      errorElement: (
        <Suspense fallback={null}>
          <RouteErrorPage />
        </Suspense>
      ),
      children: [
        ...Object.entries(PUBLIC_ROUTES).map(([path, page]) => ({
          path,
          handle: page.handle,
          loader: page.loader,
          ...lazyComponent(
            PUBLIC_PAGES[path as PublicPath].usesAntd ? () => loadWithAntd(page.load) : page.load,
          ),
        })),
        { path: '*', loader: leaveShell },
      ],
    },
  ]);

/** As in the signed-in app (session-expiry.ts): a session that cannot be renewed goes to login. */
export function installPublicSessionExpiry(): void {
  setUnauthorizedHandler(() => {
    queryClient.clear();
    window.location.assign(loginPath(window.location.pathname + window.location.search));
  });
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The light shell of the public pages (app/public-paths.ts), chosen by the entry when one is the first page
 * opened: React, the router and the page, with neither the admin app nor Ant Design's provider.
 */
export function PublicApp() {
  if (!router) {
    router = createPublicRouter();
    followPendingNavigation(router);
  }
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
