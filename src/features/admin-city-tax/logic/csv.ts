// Amounts typed at the desk. The CSV files are written by the one writer, `@/lib/csv`.

/** "12,50" or "12.50" → 1250; null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const match = /^(-?)(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
}
