import { useMatches } from 'react-router';

/** Layout options a route sets in its `handle`; the deepest route that sets one wins. */
export interface RouteFlags {
  hideNavbar?: boolean;
  hideFooter?: boolean;
  hideLanguageSwitcher?: boolean;
  hideContactBox?: boolean;
  /** Places the contact button higher, above a page's fixed bottom bar. */
  contactBoxHigh?: boolean;
}

export function useRouteFlags(): RouteFlags {
  const matches = useMatches();
  const flags: RouteFlags = {};
  for (const match of matches) {
    Object.assign(flags, (match.handle as RouteFlags | undefined) ?? {});
  }
  return flags;
}
