import { format, parseISO } from 'date-fns';

/** The admin portal's date format, 'MMM dd, yyyy' (e.g. "Mar 05, 2026"), for dates and timestamps. */
export function formatAdminDate(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM dd, yyyy');
}
