import { describe, expect, it } from 'vitest';
import { csvFileName, reportCsv, shown, type Column } from './csv';

interface Row {
  month: string;
  sold: number;
  pct: number | null;
  revenue: number;
  who: string;
}
const COLUMNS: Column<Row>[] = [
  { label: 'Month', value: (row) => row.month },
  { label: 'Sold nights', value: (row) => row.sold },
  { label: 'Occupancy', value: (row) => row.pct, kind: 'percent' },
  { label: 'Booked value', value: (row) => row.revenue, kind: 'euros' },
  { label: 'Decided by', value: (row) => row.who },
];
const ROWS: Row[] = [
  { month: 'December 2026', sold: 31, pct: 13, revenue: 324_250, who: 'Staff (=HYPERLINK("http://x","y"))' },
  { month: 'January 2027', sold: 0, pct: null, revenue: 0, who: '@SUM(1)' },
];

describe('a report as CSV', () => {
  it('writes numbers as numbers, the unit in the header, with a byte-order mark', () => {
    expect(reportCsv(COLUMNS, ROWS, 'comma')).toBe(
      '\uFEFFMonth,Sold nights,Occupancy (%),Booked value (EUR),Decided by\r\n' +
        'December 2026,31,13,3242.50,"Staff (=HYPERLINK(""http://x"",""y""))"\r\n' +
        `January 2027,0,,0.00,"'@SUM(1)"\r\n`,
    );
    expect(reportCsv(COLUMNS, ROWS, 'semicolon').split('\r\n')[1]).toBe(
      'December 2026;31;13;3242,50;"Staff (=HYPERLINK(""http://x"",""y""))"',
    );
  });

  it('shows the same figures in the table, formatted', () => {
    expect(COLUMNS.map((column) => shown(column, ROWS[0]))).toEqual([
      'December 2026',
      31,
      '13 %',
      '€3,243',
      'Staff (=HYPERLINK("http://x","y"))',
    ]);
    expect(shown(COLUMNS[2], ROWS[1])).toBe('–');
  });

  it('names the file by report and nights', () => {
    expect(csvFileName('occupancy', '2026-01-01', '2026-12-31')).toBe('occupancy-2026-01-01-to-2026-12-31.csv');
  });
});
