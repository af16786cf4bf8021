import { useEffect, useState } from 'react';

/** True once the browser has been idle after the first paint (at the latest after `timeoutMs`). */
export function useIdleAfterPaint(timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
