import { Skeleton } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A tab's or a panel's component whose module loads when it is first shown: a page downloads its first
 * tab, not all of them. A skeleton holds its place meanwhile, or `fallback` for a panel that may show
 * nothing (a setting only some servers offer).
 */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <Skeleton active />,
): ComponentType<P> {
  const Panel = lazy(async () => ({ default: await load() }));
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
