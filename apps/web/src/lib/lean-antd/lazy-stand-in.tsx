import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A stand-in for an Ant Design module that loads it the first time it is drawn, showing `fallback`
 * meanwhile: what every page would otherwise download for a part few pages use (lean-antd-plugin.ts).
 */
export function lazyStandIn<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Loaded = lazy(load);
  return function LazyStandIn(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
