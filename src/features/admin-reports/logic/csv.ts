// A table as CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled;
// CRLF between records), the same figures the table view shows.
export interface Column<Row> {
  label: string;
  value: (row: Row) => string | number | null;
}

const field = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function toCsv<Row>(columns: Column<Row>[], rows: Row[]): string {
  const lines = [columns.map((column) => field(column.label))];
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))));
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** "occupancy-2026-01-01-to-2026-12-31.csv" (the last night, included). */
export function csvFileName(report: string, from: string, lastNight: string): string {
  return `${report}-${from}-to-${lastNight}.csv`;
}
