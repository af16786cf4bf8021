import { lazy, useState, type ComponentType } from 'react';

/**
 * A screen's chunk, loaded once: when its route first renders, or before, through `preload`. Once
 * loaded it renders at once instead of suspending: React holds a Suspense boundary's content back
 * until 300 ms after its fallback appeared, so a screen that suspended even briefly would start its
 * data requests that much later.
 */
export function screen(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // an early load's failure leaves the route's first render to try again
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Screen() {
    // chosen at mount: switching from the lazy wrapper to the module later would remount the screen
    const [Component] = useState<ComponentType>(() => Loaded ?? Suspending);
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}
