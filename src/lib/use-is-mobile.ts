import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: below 768px. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** Whether a CSS media query matches now (and re-renders when that changes). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
