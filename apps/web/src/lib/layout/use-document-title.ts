import { useEffect } from 'react';

/** Sets the browser tab title to "<title> · Shortlist" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Shortlist` : 'Shortlist';
    return () => {
      document.title = 'Shortlist';
    };
  }, [title]);
}
