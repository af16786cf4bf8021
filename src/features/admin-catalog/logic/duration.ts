import { plural, t } from '@lingui/core/macro';

/** Service duration, long form (dialog preview): Instant, N minutes, 1 hour, N hours, Xh Ym. */
export function formatDuration(minutes: number): string {
  if (minutes <= 0) return t`Instant`;
  if (minutes < 60) return plural(minutes, { one: '# minute', other: '# minutes' });
  if (minutes === 60) return t`1 hour`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t`${hours} hours` : t`${hours}h ${rest}m`;
}

/** Service duration, short form (cards): Instant, Nm, 1h, Nh, Xh Ym. */
export function formatDurationShort(minutes: number): string {
  if (minutes <= 0) return t`Instant`;
  if (minutes < 60) return t`${minutes}m`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t`${hours}h` : t`${hours}h ${rest}m`;
}
