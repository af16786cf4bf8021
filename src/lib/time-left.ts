/**
 * How long until a moment, in words a guest or a host reads at a glance: "45 s", "23 min",
 * "5 h 10 min", "2 days 3 h". Minutes are rounded up (a hold that ends in 30 s still has "1 min"
 * left rather than "0 min"); null once the moment has passed or when it is not a date.
 */
export function timeLeftText(until: string | Date | null | undefined, now: Date = new Date()): string | null {
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
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`;
  return restHours ? `${dayText} ${restHours} h` : dayText;
}

/** "Wed, 12 May 2027, 14:05" in the visitor's time zone (English, 24-hour clock). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
