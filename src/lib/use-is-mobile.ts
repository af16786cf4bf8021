import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: below 768px. */
export const MOBILE_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
