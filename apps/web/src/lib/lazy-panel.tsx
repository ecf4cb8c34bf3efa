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
): ComponentType<P> & { preload: () => void } {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  const Panel = lazy(async () => ({ default: await start() }));
  function LazyPanel(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Panel {...props} />
      </Suspense>
    );
  }
  // A page that knows which panel it will show starts its download before what the panel waits for (the
  // selection a tab belongs to), instead of one round trip after it.
  LazyPanel.preload = () => {
    void start().catch(() => undefined);
  };
  return LazyPanel;
}
