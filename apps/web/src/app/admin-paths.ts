/**
 * The signed-in app's pages (app/router.tsx) for the build: URL pattern → the modules (under src/) that the
 * page's first visit runs, beyond the admin app's shell (`ADMIN_SHELL`) and, under /team, the team's view.
 * A page whose first tab or panel is loaded apart names that module too; where the address's query picks
 * the tab, a pattern with that query (`?tab=report`) names the tab's (the server matches it first). From this list the build writes
 * `route-preloads.json` (the server announces those chunks with index.html, so that they download with the
 * entry instead of one round trip after another) and checks each route's weight against its budget
 * (route-budgets.json, docs/performance.md). The build fails when router.tsx loads a page missing here.
 */
export const ADMIN_PAGES = {
  '/login': ['features/auth/login-page.tsx'],
  '/setPassword': ['features/auth/set-password-page.tsx'],
  '/resetPasswordSuccess': ['features/auth/reset-password-success-page.tsx'],
  '/not-found': ['features/not-found/not-found-page.tsx'],
  '/': ['features/teams/team-redirect-page.tsx'],
  '/invitations': ['features/members/invitations-page.tsx'],
  '/team/:teamId': ['features/teams/dashboard-page.tsx'],
  '/team/:teamId/members': ['features/members/members-page.tsx'],
  '/team/:teamId/forms': ['features/forms/forms-page.tsx'],
  '/team/:teamId/intake-forms/:id': ['features/forms/form-manage-page.tsx'],
  '/team/:teamId/item-types': ['features/item-types/item-types-page.tsx'],
  '/team/:teamId/item-types/:id/manage': ['features/item-types/item-type-page.tsx'],
  '/team/:teamId/items': ['features/items/items-page.tsx'],
  '/team/:teamId/issues': ['features/selections/issues-page.tsx'],
  '/team/:teamId/issues/review-statuses': ['features/reviews/review-statuses-page.tsx'],
  // Each tab of a selection is loaded apart (issue-manage-page.tsx): the page's address names the first.
  '/team/:teamId/issue/:id/manage': [
    'features/selections/issue-manage-page.tsx',
    'features/selections/general-tab.tsx',
    'features/forms/admin-notifications.tsx',
  ],
  '/team/:teamId/issue/:id/manage?tab=items': [
    'features/selections/issue-manage-page.tsx',
    'features/selections/issue-items-tab.tsx',
  ],
  '/team/:teamId/issue/:id/manage?tab=access': [
    'features/selections/issue-manage-page.tsx',
    'features/judges/access-tab.tsx',
  ],
  '/team/:teamId/issue/:id/manage?tab=report': [
    'features/selections/issue-manage-page.tsx',
    'features/reports/report-tab.tsx',
  ],
  '/team/:teamId/issue/:id/manage?tab=preview': [
    'features/selections/issue-manage-page.tsx',
    'features/judging/answer-preview.tsx',
  ],
  '/team/:teamId/issues-merge/:id': ['features/merges/merge-page.tsx'],
  '/team/:teamId/webhooks': ['features/webhooks/webhooks-page.tsx'],
  '/team/:teamId/audit': ['features/audit/audit-page.tsx'],
  '/team/:teamId/emails': ['features/emails/emails-page.tsx'],
  '/team/:teamId/email/batch/:id': ['features/emails/batch-page.tsx'],
  '/admin/teams': ['features/admin/admin-teams-page.tsx'],
  '/admin/outbox': ['features/admin/admin-outbox-page.tsx'],
  '/admin/usage': ['features/dashboard/admin-usage-page.tsx'],
} as const satisfies Record<string, readonly string[]>;

/** What every signed-in page runs: the app (providers, router, layout), its session handler, navbar and footer. */
export const ADMIN_SHELL = [
  'app/app.tsx',
  'app/session-expiry.ts',
  'app/layout/navbar.tsx',
  'app/layout/footer.tsx',
] as const;

/** The view around the pages under /team/:teamId (loads the team, lets its admins in). */
export const TEAM_VIEW = 'features/teams/team-base-view.tsx';

/** The modules a signed-in page's first visit runs, the shell's included, under src/. */
export const adminPageModules = (pattern: keyof typeof ADMIN_PAGES): string[] => [
  ...ADMIN_SHELL,
  ...(pattern.startsWith('/team/') ? [TEAM_VIEW] : []),
  ...ADMIN_PAGES[pattern],
];
