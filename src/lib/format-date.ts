import { portalDate } from '@/lib/i18n/portal-format';

/**
 * The admin portal's date format for dates and timestamps, in the portal's language: "Mar 05, 2026"
 * (the spec's 'MMM dd, yyyy') in English, "05 mar 2026" in Italian.
 */
export function formatAdminDate(value: string): string {
  return portalDate(value, 'date');
}
