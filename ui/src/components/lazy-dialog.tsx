import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads the first time it opens, so a screen's first paint never waits for
 * forms, pickers and schemas it may not show. Once opened it stays mounted, so it can animate shut.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
