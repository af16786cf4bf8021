import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and leaves empty what is missing', () => {
    const rows = [
      { name: 'Rossi, Maria', note: 'said "ciao"', n: 3 },
      { name: 'Dupont', note: null, n: 0 },
    ];
    const text = toCsv(
      [
        { label: 'Name', value: (row: (typeof rows)[number]) => row.name },
        { label: 'Note', value: (row: (typeof rows)[number]) => row.note },
        { label: 'Nights', value: (row: (typeof rows)[number]) => row.n },
      ],
      rows,
    );
    expect(text).toBe('Name,Note,Nights\r\n"Rossi, Maria","said ""ciao""",3\r\nDupont,,0\r\n');
    expect(csvFileName('occupancy', '2026-01-01', '2026-12-31')).toBe('occupancy-2026-01-01-to-2026-12-31.csv');
  });
});
