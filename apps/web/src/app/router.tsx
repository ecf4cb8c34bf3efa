import { createBrowserRouter } from 'react-router';
import { RequireAuth } from './auth/require-auth';
import { RequireSuperuser } from './auth/require-superuser';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { lazyComponent, lazyPage, NothingWhileFirstPageLoads } from './lazy-page';
import { PUBLIC_ROUTES } from './public-pages';
import { prefetchCurrentUser, prefetchIssuePage, prefetchItemsPage, prefetchTeam } from './route-prefetch';
import { followPendingNavigation } from './version/chunk-reload';

/**
 * Routes of the spec (section 2). Each page is loaded with its route (`lazyPage`), so that the public
 * pages, which most people open once on a phone, download only what they show.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    HydrateFallback: NothingWhileFirstPageLoads,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', ...lazyPage(() => import('../features/auth/login-page'), 'LoginPage') },
      {
        path: '/setPassword',
        ...lazyPage(() => import('../features/auth/set-password-page'), 'SetPasswordPage'),
      },
      {
        path: '/resetPasswordSuccess',
        ...lazyPage(() => import('../features/auth/reset-password-success-page'), 'ResetPasswordSuccessPage'),
      },
      {
        path: '/not-found',
        ...lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage'),
      },
      // The public pages also open from here when reached from the signed-in app (the entry shows them in
      // the light public shell when they are the first page: app/public-app.tsx).
      ...Object.entries(PUBLIC_ROUTES).map(([path, page]) => ({
        path,
        handle: page.handle,
        loader: page.loader,
        ...lazyComponent(page.load),
      })),
      {
        element: <RequireAuth />,
        loader: prefetchCurrentUser,
        children: [
          {
            path: '/',
            ...lazyPage(() => import('../features/teams/team-redirect-page'), 'TeamRedirectPage'),
          },
          {
            path: '/invitations',
            ...lazyPage(() => import('../features/members/invitations-page'), 'InvitationsPage'),
          },
          {
            path: '/team/:teamId',
            loader: prefetchTeam,
            ...lazyPage(() => import('../features/teams/team-base-view'), 'TeamBaseView'),
            children: [
              { index: true, ...lazyPage(() => import('../features/teams/dashboard-page'), 'DashboardPage') },
              {
                path: 'members',
                ...lazyPage(() => import('../features/members/members-page'), 'MembersPage'),
              },
              { path: 'forms', ...lazyPage(() => import('../features/forms/forms-page'), 'FormsPage') },
              {
                path: 'intake-forms/:id',
                ...lazyPage(() => import('../features/forms/form-manage-page'), 'FormManagePage'),
              },
              {
                path: 'item-types',
                ...lazyPage(() => import('../features/item-types/item-types-page'), 'ItemTypesPage'),
              },
              {
                path: 'item-types/:id/manage',
                ...lazyPage(() => import('../features/item-types/item-type-page'), 'ItemTypePage'),
              },
              {
                path: 'items',
                loader: prefetchItemsPage,
                ...lazyPage(() => import('../features/items/items-page'), 'ItemsPage'),
              },
              {
                path: 'issues',
                ...lazyPage(() => import('../features/selections/issues-page'), 'IssuesPage'),
              },
              {
                path: 'issues/review-statuses',
                ...lazyPage(() => import('../features/reviews/review-statuses-page'), 'ReviewStatusesPage'),
              },
              {
                path: 'issue/:id/manage',
                loader: prefetchIssuePage,
                ...lazyPage(() => import('../features/selections/issue-manage-page'), 'IssueManagePage'),
              },
              {
                path: 'issues-merge/:id',
                ...lazyPage(() => import('../features/merges/merge-page'), 'MergePage'),
              },
              {
                path: 'webhooks',
                ...lazyPage(() => import('../features/webhooks/webhooks-page'), 'WebhooksPage'),
              },
              { path: 'audit', ...lazyPage(() => import('../features/audit/audit-page'), 'AuditPage') },
              { path: 'emails', ...lazyPage(() => import('../features/emails/emails-page'), 'EmailsPage') },
              {
                path: 'email/batch/:id',
                ...lazyPage(() => import('../features/emails/batch-page'), 'BatchPage'),
              },
            ],
          },
          {
            element: <RequireSuperuser />,
            children: [
              {
                path: '/admin/teams',
                ...lazyPage(() => import('../features/admin/admin-teams-page'), 'AdminTeamsPage'),
              },
              {
                path: '/admin/outbox',
                ...lazyPage(() => import('../features/admin/admin-outbox-page'), 'AdminOutboxPage'),
              },
              {
                path: '/admin/usage',
                ...lazyPage(() => import('../features/dashboard/admin-usage-page'), 'AdminUsagePage'),
              },
            ],
          },
        ],
      },
      { path: '*', ...lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
]);

followPendingNavigation(router);
