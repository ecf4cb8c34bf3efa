import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's create dialog, also opened by `?create=1` (the dashboard's create buttons link there).
 * Closing it drops the flag so that a reload does not open it again.
 */
export function useCreateQuery() {
  const [params, setParams] = useSearchParams();
  const [isCreating, setCreating] = useState(() => params.get('create') === '1');
  const open = () => setCreating(true);
  const close = () => {
    setCreating(false);
    if (!params.has('create')) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('create');
        return updated;
      },
      { replace: true },
    );
  };
  return { isCreating, open, close };
}
