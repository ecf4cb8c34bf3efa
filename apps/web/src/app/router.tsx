import { createBrowserRouter } from 'react-router';
import { AdminOutboxPage } from '../features/admin/admin-outbox-page';
import { AdminTeamsPage } from '../features/admin/admin-teams-page';
import { AnswerPage } from '../features/answering/answer-page';
import { PublicPage } from '../features/answering/public-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordSuccessPage } from '../features/auth/reset-password-success-page';
import { SetPasswordPage } from '../features/auth/set-password-page';
import { AdminUsagePage } from '../features/dashboard/admin-usage-page';
import { FormRespondPage } from '../features/form-respond/form-respond-page';
import { FormManagePage } from '../features/forms/form-manage-page';
import { FormsPage } from '../features/forms/forms-page';
import { ItemTypePage } from '../features/item-types/item-type-page';
import { ItemTypesPage } from '../features/item-types/item-types-page';
import { ItemsPage } from '../features/items/items-page';
import { MembersPage } from '../features/members/members-page';
import { MergePage } from '../features/merges/merge-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ReviewStatusesPage } from '../features/reviews/review-statuses-page';
import { IssueManagePage } from '../features/selections/issue-manage-page';
import { IssuesPage } from '../features/selections/issues-page';
import { DashboardPage } from '../features/teams/dashboard-page';
import { TeamBaseView } from '../features/teams/team-base-view';
import { TeamRedirectPage } from '../features/teams/team-redirect-page';
import { RequireAuth } from './auth/require-auth';
import { RequireSuperuser } from './auth/require-superuser';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './layout/route-error-page';

/**
 * Routes of the spec (section 2). Pages of features that do not exist yet (forms, selections,
 * item types, e-mails, usage) are added with their features; until then they show not-found.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/setPassword', element: <SetPasswordPage /> },
      { path: '/resetPasswordSuccess', element: <ResetPasswordSuccessPage /> },
      { path: '/not-found', element: <NotFoundPage /> },
      {
        path: '/forms/:id',
        element: <FormRespondPage />,
        handle: { hideNavbar: true, hideFooter: true, hideLanguageSwitcher: true },
      },
      {
        path: '/selection/:id/answer',
        element: <AnswerPage />,
        handle: { hideNavbar: true, hideFooter: true, contactBoxHigh: true },
      },
      {
        path: '/selection/:id/public',
        element: <PublicPage />,
        handle: { hideNavbar: true, hideFooter: true },
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <TeamRedirectPage /> },
          {
            path: '/team/:teamId',
            element: <TeamBaseView />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'members', element: <MembersPage /> },
              { path: 'forms', element: <FormsPage /> },
              { path: 'intake-forms/:id', element: <FormManagePage /> },
              { path: 'item-types', element: <ItemTypesPage /> },
              { path: 'item-types/:id/manage', element: <ItemTypePage /> },
              { path: 'items', element: <ItemsPage /> },
              { path: 'issues', element: <IssuesPage /> },
              { path: 'issues/review-statuses', element: <ReviewStatusesPage /> },
              { path: 'issue/:id/manage', element: <IssueManagePage /> },
              { path: 'issues-merge/:id', element: <MergePage /> },
            ],
          },
          {
            element: <RequireSuperuser />,
            children: [
              { path: '/admin/teams', element: <AdminTeamsPage /> },
              { path: '/admin/outbox', element: <AdminOutboxPage /> },
              { path: '/admin/usage', element: <AdminUsagePage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
