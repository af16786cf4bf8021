import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { cents, csvDialect, setCsvDialect, toCsv } from './csv';

const HYPERLINK = '=HYPERLINK("http://x","y")';

describe('the CSV writer', () => {
  it('starts with a byte-order mark, separates with semicolons for Italian Excel and ends lines with CRLF', () => {
    expect(toCsv(['Name', 'Nights'], [['Zoë Müller', 3]], 'semicolon')).toBe('\uFEFFName;Nights\r\nZoë Müller;3\r\n');
    expect(toCsv(['Name', 'Nights'], [['Zoë Müller', 3]], 'comma')).toBe('\uFEFFName,Nights\r\nZoë Müller,3\r\n');
  });

  it('writes numbers as numbers: euros with two decimals, percentages as their figure', () => {
    const row = [cents(324_250), cents(5), cents(-600), 13.5, 0, null];
    expect(toCsv(['a', 'b', 'c', 'd', 'e', 'f'], [row], 'comma').split('\r\n')[1]).toBe('3242.50,0.05,-6.00,13.5,0,');
    expect(toCsv(['a', 'b', 'c', 'd', 'e', 'f'], [row], 'semicolon').split('\r\n')[1]).toBe(
      '3242,50;0,05;-6,00;13,5;0;',
    );
  });

  it('quotes separators, quotes and line breaks', () => {
    const line = (cell: string, dialect: 'comma' | 'semicolon') => toCsv(['x'], [[cell]], dialect).split('\r\n')[1];
    expect(line("D'Amico; Rossi", 'semicolon')).toBe('"D\'Amico; Rossi"');
    expect(line("D'Amico; Rossi", 'comma')).toBe("D'Amico; Rossi");
    expect(line('Rossi, Maria', 'comma')).toBe('"Rossi, Maria"');
    expect(line('say "ciao"', 'semicolon')).toBe('"say ""ciao"""');
    expect(toCsv(['x'], [['line\nbreak']], 'comma')).toBe('\uFEFFx\r\n"line\nbreak"\r\n');
  });

  it('neutralises every text cell that would start a formula (OWASP), and quotes it', () => {
    const cells = [HYPERLINK, '@SUM(1)', '+39 06 1234', '-2+3', '\t=1', '\r=1', '=1\n=2'];
    const text = toCsv(
      ['guest'],
      cells.map((cell) => [cell]),
      'comma',
    );
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
      .data.slice(1)
      .map((r) => r[0]);
    expect(parsed).toEqual(cells.map((cell) => `'${cell}`));
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"\r\n"'@SUM(1)"\r\n`);
    // a negative amount is a number, not text: never prefixed
    expect(toCsv(['x'], [[cents(-600)], [-3]], 'semicolon')).toBe('\uFEFFx\r\n-6,00\r\n-3\r\n');
  });

  it('round-trips through a CSV reader in both dialects', () => {
    for (const dialect of ['comma', 'semicolon'] as const) {
      const text = toCsv(
        ['Guest', 'Due (EUR)'],
        [
          [HYPERLINK, cents(3600)],
          ['Rossi; "Maria"', null],
        ],
        dialect,
      );
      const { data } = Papa.parse<string[]>(text.slice(1), { delimiter: dialect === 'comma' ? ',' : ';' });
      expect(data.slice(0, 3)).toEqual([
        ['Guest', 'Due (EUR)'],
        [`'${HYPERLINK}`, dialect === 'comma' ? '36.00' : '36,00'],
        ['Rossi; "Maria"', ''],
      ]);
    }
  });
});

describe('the dialect of this browser', () => {
  afterEach(() => window.localStorage.clear());
  it('is Excel in Italian until changed, and the change is kept', () => {
    expect(csvDialect()).toBe('semicolon');
    setCsvDialect('comma');
    expect(csvDialect()).toBe('comma');
    expect(window.localStorage.getItem('csv-dialect')).toBe('comma');
    setCsvDialect('semicolon');
    expect(csvDialect()).toBe('semicolon');
  });
});
