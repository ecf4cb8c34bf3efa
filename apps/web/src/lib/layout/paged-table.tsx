import { DEFAULT_PAGE_SIZE, type Page } from '@shortlist/contract';
import { Table, type TableProps } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { parsePage } from '../paging';
import { LoadError } from './load-error';

/** What PagedTable reads of a list's query (TanStack Query's result). */
interface PageQuery<T> {
  data?: Page<T>;
  isError: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale'> & {
  query: PageQuery<T>;
  page: number;
  /** `replace` when the page moves by itself (past the end): Back then skips the page that was empty. */
  onPageChange: (page: number, options?: { replace: boolean }) => void;
  pageSize?: number;
  /** What an empty list shows (Ant Design's `Empty` with a text, mostly). */
  emptyText: ReactNode;
};

/**
 * One page of a list the server pages: its rows, a loading state while the next page comes (the previous
 * page stays shown meanwhile), the failure with a retry, the empty state, and the pager, hidden when one
 * page holds everything. A page past the end (an old link, rows deleted since) moves to the last one
 * instead of looking empty.
 */
export function PagedTable<T extends object>({
  query,
  page,
  onPageChange,
  pageSize = DEFAULT_PAGE_SIZE,
  emptyText,
  ...tableProps
}: PagedTableProps<T>) {
  const count = query.isPlaceholderData ? undefined : query.data?.count;
  const lastPage = Math.max(1, Math.ceil((count ?? 0) / pageSize));
  const isPastEnd = count !== undefined && page > lastPage;
  useEffect(() => {
    if (isPastEnd) onPageChange(lastPage, { replace: true });
  }, [isPastEnd, lastPage, onPageChange]);

  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      {...tableProps}
      dataSource={query.data?.results}
      loading={query.isPending || query.isPlaceholderData}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.count ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: (next) => onPageChange(next),
      }}
    />
  );
}

/** The page number kept in the address (`?page=`, absent on the first), and its setter. */
export function usePageParam(): [number, (page: number, options?: { replace: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = useCallback(
    (next: number, options?: { replace: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options?.replace },
      ),
    [setParams],
  );
  return [parsePage(params.get('page')), setPage];
}
