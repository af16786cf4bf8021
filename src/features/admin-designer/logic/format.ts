import { portalDateTime } from '@/lib/i18n/portal-format';

/** "23 Nov 2026, 14:05" ("23 nov 2026, 14:05") in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return portalDateTime(iso);
}
