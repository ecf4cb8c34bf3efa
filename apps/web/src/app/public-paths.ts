/**
 * The public pages, which people open once on a phone: URL pattern → the page's module (under src/) and
 * whether it is drawn with Ant Design (then its theme, app/antd-shell.tsx, loads with it). The entry shows
 * them in the light public shell (app/public-app.tsx), and the build lists what each one loads so that
 * the server can announce it with index.html (route-preloads-plugin.ts).
 */
export const PUBLIC_PAGES = {
  '/forms/:id': { module: 'features/submissions/form-respond-page.tsx', usesAntd: false },
  '/selection/:id/answer': { module: 'features/judging/answer-page.tsx', usesAntd: false },
  '/selection/:id/bids': { module: 'features/bidding/bids-page.tsx', usesAntd: false },
  '/judge': { module: 'features/judging/judge-portal-page.tsx', usesAntd: false },
  '/selection/:id/public': { module: 'features/judging/public-page.tsx', usesAntd: false },
  '/unsubscribe/:token': { module: 'features/unsubscribe/unsubscribe-page.tsx', usesAntd: true },
} as const;

export type PublicPath = keyof typeof PUBLIC_PAGES;

/** The module that themes Ant Design for the pages drawn with it. */
export const ANTD_SHELL_MODULE = 'app/antd-shell.tsx';
