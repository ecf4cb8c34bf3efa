import { type ComponentType, lazy } from 'react';

/**
 * Loads a component drawn with Ant Design together with the theme (AntdShell) and wraps it: the public
 * shell pays for Ant Design only on the pages and widgets that use it.
 */
export async function loadWithAntd<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  const [Component, { AntdShell }] = await Promise.all([load(), import('./antd-shell')]);
  return function Themed(props: P) {
    return (
      <AntdShell>
        <Component {...props} />
      </AntdShell>
    );
  };
}

/** `loadWithAntd` as a `React.lazy` component, rendered inside a `Suspense`. */
export const lazyWithAntd = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await loadWithAntd(load) }));
