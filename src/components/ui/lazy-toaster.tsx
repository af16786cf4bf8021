import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toast viewport, fetched after the first paint (first interaction or idle, whichever comes
 * first) so sonner (~9 KB gzip) is not part of the page's initial JavaScript. sonner replays toasts
 * that are still showing to a viewport that subscribes late, so nothing is lost.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, show, { once: true, passive: true }));
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const handle = hasIdle ? window.requestIdleCallback(show, { timeout: 3000 }) : setTimeout(show, 2000);
    return () => {
      events.forEach((name) => window.removeEventListener(name, show));
      if (hasIdle) window.cancelIdleCallback(handle as number);
      else clearTimeout(handle);
    };
  }, [ready]);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
