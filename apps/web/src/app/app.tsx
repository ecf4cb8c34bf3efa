import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { AntdShell } from './antd-shell';
import { router } from './router';

/** The signed-in app (and any page reached from it); the entry loads it for paths that are not public. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdShell>
        <RouterProvider router={router} />
      </AntdShell>
    </QueryClientProvider>
  );
}
