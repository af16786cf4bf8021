/** Service duration, long form (dialog preview): Instant, N minutes, 1 hour, N hours, Xh Ym. */
export function formatDuration(minutes: number): string {
  if (minutes <= 0) return 'Instant';
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  if (minutes === 60) return '1 hour';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} hours` : `${hours}h ${rest}m`;
}

/** Service duration, short form (cards): Instant, Nm, 1h, Nh, Xh Ym. */
export function formatDurationShort(minutes: number): string {
  if (minutes <= 0) return 'Instant';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
