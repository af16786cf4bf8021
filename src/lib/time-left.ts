import { formatISODate } from '@/lib/dates';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/locales';

/** The day word of each language (the admin portal reads English). */
const DAYS: Record<Locale, (days: number) => string> = {
  en: (days) => (days === 1 ? 'day' : 'days'),
  it: (days) => (days === 1 ? 'giorno' : 'giorni'),
  fr: (days) => (days === 1 ? 'jour' : 'jours'),
};

/**
 * How long until a moment, in words a guest or a host reads at a glance: "23 min", "5 h 10 min",
 * "2 days 3 h" ("2 giorni 3 h", "2 jours 3 h"). Minutes are rounded up (a hold that ends in 30 s
 * still has "1 min" left rather than "0 min"); null once the moment has passed or when it is not
 * a date.
 */
export function timeLeftText(
  until: string | Date | null | undefined,
  now: Date = new Date(),
  locale: Locale = 'en',
): string | null {
  if (until === null || until === undefined) return null;
  const end = typeof until === 'string' ? Date.parse(until) : until.getTime();
  if (!Number.isFinite(end)) return null;
  const ms = end - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  if (hours < 24) return restMinutes ? `${hours} h ${restMinutes} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  const dayText = `${days} ${DAYS[locale](days)}`;
  return restHours ? `${dayText} ${restHours} h` : dayText;
}

/**
 * "Wed, 12 May 2027, 14:05" in the visitor's time zone and a 24-hour clock, in the language given
 * (English by default: "mer 12 mag 2027, 14:05", "mer. 12 mai 2027, 14:05").
 */
export function formatDateTime(value: string | null | undefined, locale: Locale = 'en'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/**
 * A calendar day 'yyyy-mm-dd' with its weekday, whatever the browser's time zone: "Tue, 12 May
 * 2026" (English by default), "mar 12 mag 2026", "mar. 12 mai 2026"; anything else as given.
 */
export function formatDay(iso: string, locale: Locale = 'en'): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return iso;
  // English keeps the site's own spelling everywhere ("Sep", where some browsers write "Sept")
  if (locale === 'en') return formatISODate(iso.slice(0, 10));
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
