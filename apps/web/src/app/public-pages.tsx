import type { ComponentType } from 'react';
import { type LoaderFunction, matchPath } from 'react-router';
import { prefetchAnswerView, prefetchPublicInfo } from '../features/judging/prefetch';
import { prefetchPublicForm } from '../features/submissions/public-form-query';
import type { RouteFlags } from './layout/route-flags';
import { PUBLIC_PAGES, type PublicPath } from './public-paths';

interface PublicPage {
  load: () => Promise<ComponentType>;
  handle: RouteFlags;
  /** Starts the page's request while its chunks download, instead of after. */
  loader?: LoaderFunction;
}

/** Each public page (app/public-paths.ts): its component, loaded with the route, and its layout flags. */
export const PUBLIC_ROUTES: Record<PublicPath, PublicPage> = {
  '/forms/:id': {
    load: () => import('../features/submissions/form-respond-page').then((m) => m.FormRespondPage),
    handle: { hideNavbar: true, hideFooter: true, hideLanguageSwitcher: true, contactBoxInFlow: true },
    loader: prefetchPublicForm,
  },
  '/selection/:id/answer': {
    load: () => import('../features/judging/answer-page').then((m) => m.AnswerPage),
    handle: { hideNavbar: true, hideFooter: true, contactBoxHigh: true },
    loader: prefetchAnswerView,
  },
  // The judge's expertise and bids: the answer page's loader (its token signs out whoever was signed in).
  '/selection/:id/bids': {
    load: () => import('../features/bidding/bids-page').then((m) => m.BidsPage),
    handle: { hideNavbar: true, hideFooter: true },
    loader: prefetchAnswerView,
  },
  '/judge': {
    load: () => import('../features/judging/judge-portal-page').then((m) => m.JudgePortalPage),
    handle: { hideNavbar: true, hideFooter: true },
  },
  '/selection/:id/public': {
    load: () => import('../features/judging/public-page').then((m) => m.PublicPage),
    handle: { hideNavbar: true, hideFooter: true },
    loader: prefetchPublicInfo,
  },
  '/unsubscribe/:token': {
    load: () => import('../features/unsubscribe/unsubscribe-page').then((m) => m.UnsubscribePage),
    handle: { hideNavbar: true, hideFooter: true },
  },
};

export const isPublicPath = (pathname: string) =>
  Object.keys(PUBLIC_PAGES).some((pattern) => matchPath(pattern, pathname) !== null);
