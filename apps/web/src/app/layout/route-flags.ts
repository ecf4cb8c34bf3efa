import { useMatches } from 'react-router';

/** Layout options a route sets in its `handle`; the deepest route that sets one wins. */
export interface RouteFlags {
  hideNavbar?: boolean;
  hideFooter?: boolean;
  hideLanguageSwitcher?: boolean;
  hideContactBox?: boolean;
  /** Places the contact button higher, above a page's fixed bottom bar. */
  contactBoxHigh?: boolean;
  /**
   * Below the width where the page's column leaves it a margin, the contact button comes after the page
   * instead of floating over its controls (the public form, at 375 px).
   */
  contactBoxInFlow?: boolean;
}

export function useRouteFlags(): RouteFlags {
  const matches = useMatches();
  const flags: RouteFlags = {};
  for (const match of matches) {
    Object.assign(flags, (match.handle as RouteFlags | undefined) ?? {});
  }
  return flags;
}
