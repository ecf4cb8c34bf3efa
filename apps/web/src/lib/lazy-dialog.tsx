import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog or drawer whose module loads the first time it opens (`isOpen` reads its props), then stays
 * mounted so that it closes as it always did: a page downloads the forms of its dialogs only when they
 * are asked for (docs/performance.md, admin pages).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [wasOpened, setWasOpened] = useState(false);
    const open = isOpen(props);
    if (open && !wasOpened) setWasOpened(true);
    if (!open && !wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
